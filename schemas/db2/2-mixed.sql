-- DB2 LUW: mixed tables, inserted by the update task, read and updated by later steps (category: mixed).
-- Same tables and columns as schemas/postgresql/2-mixed.sql.

CREATE TABLE nriv (            -- number range intervals
  object     VARCHAR(10) NOT NULL,
  nrrangenr  VARCHAR(2)  NOT NULL,
  fromnumber BIGINT      NOT NULL,
  tonumber   BIGINT      NOT NULL,
  nrlevel    BIGINT      NOT NULL,  -- last number handed out
  CONSTRAINT nriv_pk PRIMARY KEY (object, nrrangenr)
);

CREATE TABLE mard (            -- storage location stock
  matnr   VARCHAR(18)   NOT NULL,
  werks   VARCHAR(4)    NOT NULL,
  lgort   VARCHAR(4)    NOT NULL,
  labst   DECIMAL(15,3) NOT NULL,
  CONSTRAINT mard_pk PRIMARY KEY (matnr, werks, lgort),
  CONSTRAINT mard_stock_nonneg CHECK (labst >= 0)
);

CREATE TABLE mbew (            -- material valuation
  matnr   VARCHAR(18)   NOT NULL,
  bwkey   VARCHAR(4)    NOT NULL,
  verpr   DECIMAL(11,2) NOT NULL,
  lbkum   DECIMAL(15,3) NOT NULL,
  salk3   DECIMAL(15,2) NOT NULL,
  CONSTRAINT mbew_pk PRIMARY KEY (matnr, bwkey)
);

CREATE TABLE vbak (            -- sales document header
  vbeln   VARCHAR(10)   NOT NULL,
  user_no INTEGER       NOT NULL,
  erdat   TIMESTAMP     NOT NULL,
  auart   VARCHAR(4)    NOT NULL,
  vkorg   VARCHAR(4)    NOT NULL,
  kunnr   VARCHAR(10)   NOT NULL,
  knumv   VARCHAR(10)   NOT NULL,
  netwr   DECIMAL(15,2) NOT NULL,
  waerk   VARCHAR(5)    NOT NULL,
  CONSTRAINT vbak_pk PRIMARY KEY (vbeln)
);

CREATE TABLE vbap (            -- sales document items
  vbeln   VARCHAR(10)   NOT NULL,
  posnr   INTEGER       NOT NULL,
  matnr   VARCHAR(18)   NOT NULL,
  werks   VARCHAR(4)    NOT NULL,
  kwmeng  DECIMAL(15,3) NOT NULL,
  netwr   DECIMAL(15,2) NOT NULL,
  arktx   VARCHAR(40)   NOT NULL,
  CONSTRAINT vbap_pk PRIMARY KEY (vbeln, posnr)
);

CREATE TABLE vbep (            -- schedule lines
  vbeln   VARCHAR(10)   NOT NULL,
  posnr   INTEGER       NOT NULL,
  etenr   INTEGER       NOT NULL,
  edatu   DATE          NOT NULL,
  wmeng   DECIMAL(15,3) NOT NULL,
  bmeng   DECIMAL(15,3) NOT NULL,
  CONSTRAINT vbep_pk PRIMARY KEY (vbeln, posnr, etenr)
);

CREATE TABLE vbuk (            -- header status (order, delivery, billing documents)
  vbeln   VARCHAR(10) NOT NULL,
  gbstk   CHAR(1)     NOT NULL,  -- overall processing status
  lfstk   CHAR(1)     NOT NULL,  -- delivery status
  wbstk   CHAR(1)     NOT NULL,  -- goods movement status
  fkstk   CHAR(1)     NOT NULL,  -- billing status
  CONSTRAINT vbuk_pk PRIMARY KEY (vbeln)
);

CREATE TABLE vbup (            -- item status
  vbeln   VARCHAR(10) NOT NULL,
  posnr   INTEGER     NOT NULL,
  gbsta   CHAR(1)     NOT NULL,
  lfsta   CHAR(1)     NOT NULL,
  wbsta   CHAR(1)     NOT NULL,
  fksta   CHAR(1)     NOT NULL,
  CONSTRAINT vbup_pk PRIMARY KEY (vbeln, posnr)
);

CREATE TABLE vakpa (           -- partner index: sales documents by customer (serves VA05)
  kunde   VARCHAR(10) NOT NULL,
  parvw   VARCHAR(2)  NOT NULL,
  vbeln   VARCHAR(10) NOT NULL,
  audat   TIMESTAMP   NOT NULL,
  CONSTRAINT vakpa_pk PRIMARY KEY (kunde, parvw, vbeln)
);
CREATE INDEX vakpa_recent ON vakpa (kunde, parvw, audat DESC);

CREATE TABLE konv (            -- pricing conditions of documents
  knumv   VARCHAR(10)   NOT NULL,
  kposn   INTEGER       NOT NULL,
  stunr   INTEGER       NOT NULL,
  kschl   VARCHAR(4)    NOT NULL,
  kbetr   DECIMAL(11,2) NOT NULL,
  kwert   DECIMAL(15,2) NOT NULL,
  CONSTRAINT konv_pk PRIMARY KEY (knumv, kposn, stunr)
);

CREATE TABLE likp (            -- delivery header
  vbeln   VARCHAR(10) NOT NULL,
  user_no INTEGER     NOT NULL,
  lfart   VARCHAR(4)  NOT NULL,
  kunnr   VARCHAR(10) NOT NULL,
  erdat   TIMESTAMP   NOT NULL,
  wadat_ist TIMESTAMP,          -- actual goods issue time
  wbstk   CHAR(1)     NOT NULL,
  CONSTRAINT likp_pk PRIMARY KEY (vbeln)
);

CREATE TABLE lips (            -- delivery items
  vbeln   VARCHAR(10)   NOT NULL,
  posnr   INTEGER       NOT NULL,
  vgbel   VARCHAR(10)   NOT NULL,  -- reference order
  vgpos   INTEGER       NOT NULL,
  matnr   VARCHAR(18)   NOT NULL,
  werks   VARCHAR(4)    NOT NULL,
  lgort   VARCHAR(4)    NOT NULL,
  lfimg   DECIMAL(15,3) NOT NULL,
  pikmg   DECIMAL(15,3) NOT NULL,
  CONSTRAINT lips_pk PRIMARY KEY (vbeln, posnr)
);

CREATE TABLE vbrk (            -- billing document header
  vbeln   VARCHAR(10)   NOT NULL,
  user_no INTEGER       NOT NULL,
  fkart   VARCHAR(4)    NOT NULL,
  kunrg   VARCHAR(10)   NOT NULL,
  fkdat   TIMESTAMP     NOT NULL,
  knumv   VARCHAR(10)   NOT NULL,
  netwr   DECIMAL(15,2) NOT NULL,
  belnr   VARCHAR(10)   NOT NULL,  -- accounting document
  CONSTRAINT vbrk_pk PRIMARY KEY (vbeln)
);

CREATE TABLE vbrp (            -- billing document items
  vbeln   VARCHAR(10)   NOT NULL,
  posnr   INTEGER       NOT NULL,
  vgbel   VARCHAR(10)   NOT NULL,  -- reference delivery
  vgpos   INTEGER       NOT NULL,
  aubel   VARCHAR(10)   NOT NULL,  -- reference order
  matnr   VARCHAR(18)   NOT NULL,
  fkimg   DECIMAL(15,3) NOT NULL,
  netwr   DECIMAL(15,2) NOT NULL,
  CONSTRAINT vbrp_pk PRIMARY KEY (vbeln, posnr)
);

CREATE TABLE s001 (            -- sales statistics, written by the V2 update
  kunnr   VARCHAR(10)   NOT NULL,
  matnr   VARCHAR(18)   NOT NULL,
  spmon   VARCHAR(6)    NOT NULL,
  umsatz  DECIMAL(17,2) NOT NULL,
  menge   DECIMAL(17,3) NOT NULL,
  CONSTRAINT s001_pk PRIMARY KEY (kunnr, matnr, spmon)
);
