-- Mixed tables: inserted by the update task, read and updated by later steps (category: mixed).

CREATE TABLE nriv (            -- number range intervals
  object     varchar(10) NOT NULL,
  nrrangenr  varchar(2)  NOT NULL,
  fromnumber bigint      NOT NULL,
  tonumber   bigint      NOT NULL,
  nrlevel    bigint      NOT NULL,  -- last number handed out
  PRIMARY KEY (object, nrrangenr)
);

CREATE TABLE mard (            -- storage location stock
  matnr   varchar(18)   NOT NULL,
  werks   varchar(4)    NOT NULL,
  lgort   varchar(4)    NOT NULL,
  labst   numeric(15,3) NOT NULL,
  PRIMARY KEY (matnr, werks, lgort),
  CONSTRAINT mard_stock_nonneg CHECK (labst >= 0)
);

CREATE TABLE mbew (            -- material valuation
  matnr   varchar(18)   NOT NULL,
  bwkey   varchar(4)    NOT NULL,
  verpr   numeric(11,2) NOT NULL,
  lbkum   numeric(15,3) NOT NULL,
  salk3   numeric(15,2) NOT NULL,
  PRIMARY KEY (matnr, bwkey)
);

CREATE TABLE vbak (            -- sales document header
  vbeln   varchar(10)   NOT NULL PRIMARY KEY,
  user_no integer       NOT NULL,
  erdat   timestamp     NOT NULL,
  auart   varchar(4)    NOT NULL,
  vkorg   varchar(4)    NOT NULL,
  kunnr   varchar(10)   NOT NULL,
  knumv   varchar(10)   NOT NULL,
  netwr   numeric(15,2) NOT NULL,
  waerk   varchar(5)    NOT NULL
);

CREATE TABLE vbap (            -- sales document items
  vbeln   varchar(10)   NOT NULL,
  posnr   integer       NOT NULL,
  matnr   varchar(18)   NOT NULL,
  werks   varchar(4)    NOT NULL,
  kwmeng  numeric(15,3) NOT NULL,
  netwr   numeric(15,2) NOT NULL,
  arktx   varchar(40)   NOT NULL,
  PRIMARY KEY (vbeln, posnr)
);

CREATE TABLE vbep (            -- schedule lines
  vbeln   varchar(10)   NOT NULL,
  posnr   integer       NOT NULL,
  etenr   integer       NOT NULL,
  edatu   date          NOT NULL,
  wmeng   numeric(15,3) NOT NULL,
  bmeng   numeric(15,3) NOT NULL,
  PRIMARY KEY (vbeln, posnr, etenr)
);

CREATE TABLE vbuk (            -- header status (order, delivery, billing documents)
  vbeln   varchar(10) NOT NULL PRIMARY KEY,
  gbstk   char(1)     NOT NULL,  -- overall processing status
  lfstk   char(1)     NOT NULL,  -- delivery status
  wbstk   char(1)     NOT NULL,  -- goods movement status
  fkstk   char(1)     NOT NULL   -- billing status
);

CREATE TABLE vbup (            -- item status
  vbeln   varchar(10) NOT NULL,
  posnr   integer     NOT NULL,
  gbsta   char(1)     NOT NULL,
  lfsta   char(1)     NOT NULL,
  wbsta   char(1)     NOT NULL,
  fksta   char(1)     NOT NULL,
  PRIMARY KEY (vbeln, posnr)
);

CREATE TABLE vakpa (           -- partner index: sales documents by customer (serves VA05)
  kunde   varchar(10) NOT NULL,
  parvw   varchar(2)  NOT NULL,
  vbeln   varchar(10) NOT NULL,
  audat   timestamp   NOT NULL,
  PRIMARY KEY (kunde, parvw, vbeln)
);
CREATE INDEX vakpa_recent ON vakpa (kunde, parvw, audat DESC);

CREATE TABLE konv (            -- pricing conditions of documents
  knumv   varchar(10)   NOT NULL,
  kposn   integer       NOT NULL,
  stunr   integer       NOT NULL,
  kschl   varchar(4)    NOT NULL,
  kbetr   numeric(11,2) NOT NULL,
  kwert   numeric(15,2) NOT NULL,
  PRIMARY KEY (knumv, kposn, stunr)
);

CREATE TABLE likp (            -- delivery header
  vbeln   varchar(10) NOT NULL PRIMARY KEY,
  user_no integer     NOT NULL,
  lfart   varchar(4)  NOT NULL,
  kunnr   varchar(10) NOT NULL,
  erdat   timestamp   NOT NULL,
  wadat_ist timestamp,          -- actual goods issue time
  wbstk   char(1)     NOT NULL
);

CREATE TABLE lips (            -- delivery items
  vbeln   varchar(10)   NOT NULL,
  posnr   integer       NOT NULL,
  vgbel   varchar(10)   NOT NULL,  -- reference order
  vgpos   integer       NOT NULL,
  matnr   varchar(18)   NOT NULL,
  werks   varchar(4)    NOT NULL,
  lgort   varchar(4)    NOT NULL,
  lfimg   numeric(15,3) NOT NULL,
  pikmg   numeric(15,3) NOT NULL,
  PRIMARY KEY (vbeln, posnr)
);

CREATE TABLE vbrk (            -- billing document header
  vbeln   varchar(10)   NOT NULL PRIMARY KEY,
  user_no integer       NOT NULL,
  fkart   varchar(4)    NOT NULL,
  kunrg   varchar(10)   NOT NULL,
  fkdat   timestamp     NOT NULL,
  knumv   varchar(10)   NOT NULL,
  netwr   numeric(15,2) NOT NULL,
  belnr   varchar(10)   NOT NULL   -- accounting document
);

CREATE TABLE vbrp (            -- billing document items
  vbeln   varchar(10)   NOT NULL,
  posnr   integer       NOT NULL,
  vgbel   varchar(10)   NOT NULL,  -- reference delivery
  vgpos   integer       NOT NULL,
  aubel   varchar(10)   NOT NULL,  -- reference order
  matnr   varchar(18)   NOT NULL,
  fkimg   numeric(15,3) NOT NULL,
  netwr   numeric(15,2) NOT NULL,
  PRIMARY KEY (vbeln, posnr)
);

CREATE TABLE s001 (            -- sales statistics, written by the V2 update
  kunnr   varchar(10)   NOT NULL,
  matnr   varchar(18)   NOT NULL,
  spmon   varchar(6)    NOT NULL,
  umsatz  numeric(17,2) NOT NULL,
  menge   numeric(17,3) NOT NULL,
  PRIMARY KEY (kunnr, matnr, spmon)
);
