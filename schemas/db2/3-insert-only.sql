-- DB2 LUW: insert-only tables, written once by the update task, rarely read (category: insertOnly).
-- Same tables and columns as schemas/postgresql/3-insert-only.sql.

CREATE TABLE vbfa (            -- document flow
  vbelv   VARCHAR(10)   NOT NULL,  -- preceding document
  posnv   INTEGER       NOT NULL,
  vbeln   VARCHAR(10)   NOT NULL,  -- subsequent document
  posnn   INTEGER       NOT NULL,
  vbtyp_n CHAR(1)       NOT NULL,  -- J delivery, R goods movement, M invoice
  rfmng   DECIMAL(15,3) NOT NULL,
  erdat   TIMESTAMP     NOT NULL,
  CONSTRAINT vbfa_pk PRIMARY KEY (vbelv, posnv, vbeln, posnn)
);

CREATE TABLE mkpf (            -- material document header
  mblnr   VARCHAR(10) NOT NULL,
  mjahr   INTEGER     NOT NULL,
  budat   TIMESTAMP   NOT NULL,
  xblnr   VARCHAR(16) NOT NULL,   -- delivery
  CONSTRAINT mkpf_pk PRIMARY KEY (mblnr, mjahr)
);

CREATE TABLE mseg (            -- material document items
  mblnr   VARCHAR(10)   NOT NULL,
  mjahr   INTEGER       NOT NULL,
  zeile   INTEGER       NOT NULL,
  bwart   VARCHAR(3)    NOT NULL,
  matnr   VARCHAR(18)   NOT NULL,
  werks   VARCHAR(4)    NOT NULL,
  lgort   VARCHAR(4)    NOT NULL,
  menge   DECIMAL(15,3) NOT NULL,
  dmbtr   DECIMAL(15,2) NOT NULL,
  CONSTRAINT mseg_pk PRIMARY KEY (mblnr, mjahr, zeile)
);

CREATE TABLE bkpf (            -- accounting document header
  bukrs   VARCHAR(4)  NOT NULL,
  belnr   VARCHAR(10) NOT NULL,
  gjahr   INTEGER     NOT NULL,
  blart   VARCHAR(2)  NOT NULL,
  budat   TIMESTAMP   NOT NULL,
  awkey   VARCHAR(20) NOT NULL,   -- originating document (material or billing document)
  CONSTRAINT bkpf_pk PRIMARY KEY (bukrs, belnr, gjahr)
);

CREATE TABLE bseg (            -- accounting document lines
  bukrs   VARCHAR(4)    NOT NULL,
  belnr   VARCHAR(10)   NOT NULL,
  gjahr   INTEGER       NOT NULL,
  buzei   INTEGER       NOT NULL,
  koart   CHAR(1)       NOT NULL,
  shkzg   CHAR(1)       NOT NULL,
  hkont   VARCHAR(10)   NOT NULL,
  dmbtr   DECIMAL(15,2) NOT NULL,
  CONSTRAINT bseg_pk PRIMARY KEY (bukrs, belnr, gjahr, buzei)
);

CREATE TABLE cdhdr (           -- change document header
  objectclas VARCHAR(15) NOT NULL,
  objectid   VARCHAR(90) NOT NULL,
  changenr   VARCHAR(10) NOT NULL,
  username   VARCHAR(12) NOT NULL,
  udate      TIMESTAMP   NOT NULL,
  tcode      VARCHAR(20) NOT NULL,
  CONSTRAINT cdhdr_pk PRIMARY KEY (objectclas, objectid, changenr)
);

CREATE TABLE cdpos (           -- change document items
  objectclas VARCHAR(15)  NOT NULL,
  objectid   VARCHAR(90)  NOT NULL,
  changenr   VARCHAR(10)  NOT NULL,
  tabname    VARCHAR(30)  NOT NULL,
  tabkey     VARCHAR(70)  NOT NULL,
  fname      VARCHAR(30)  NOT NULL,
  value_new  VARCHAR(254) NOT NULL,
  value_old  VARCHAR(254) NOT NULL,
  CONSTRAINT cdpos_pk PRIMARY KEY (objectclas, objectid, changenr, tabname, tabkey, fname)
);
