-- Insert-only tables: written once by the update task, rarely read (category: insertOnly).

CREATE TABLE vbfa (            -- document flow
  vbelv   varchar(10)   NOT NULL,  -- preceding document
  posnv   integer       NOT NULL,
  vbeln   varchar(10)   NOT NULL,  -- subsequent document
  posnn   integer       NOT NULL,
  vbtyp_n char(1)       NOT NULL,  -- J delivery, R goods movement, M invoice
  rfmng   numeric(15,3) NOT NULL,
  erdat   timestamp     NOT NULL,
  PRIMARY KEY (vbelv, posnv, vbeln, posnn)
);

CREATE TABLE mkpf (            -- material document header
  mblnr   varchar(10) NOT NULL,
  mjahr   integer     NOT NULL,
  budat   timestamp   NOT NULL,
  xblnr   varchar(16) NOT NULL,   -- delivery
  PRIMARY KEY (mblnr, mjahr)
);

CREATE TABLE mseg (            -- material document items
  mblnr   varchar(10)   NOT NULL,
  mjahr   integer       NOT NULL,
  zeile   integer       NOT NULL,
  bwart   varchar(3)    NOT NULL,
  matnr   varchar(18)   NOT NULL,
  werks   varchar(4)    NOT NULL,
  lgort   varchar(4)    NOT NULL,
  menge   numeric(15,3) NOT NULL,
  dmbtr   numeric(15,2) NOT NULL,
  PRIMARY KEY (mblnr, mjahr, zeile)
);

CREATE TABLE bkpf (            -- accounting document header
  bukrs   varchar(4)  NOT NULL,
  belnr   varchar(10) NOT NULL,
  gjahr   integer     NOT NULL,
  blart   varchar(2)  NOT NULL,
  budat   timestamp   NOT NULL,
  awkey   varchar(20) NOT NULL,   -- originating document (material or billing document)
  PRIMARY KEY (bukrs, belnr, gjahr)
);

CREATE TABLE bseg (            -- accounting document lines
  bukrs   varchar(4)    NOT NULL,
  belnr   varchar(10)   NOT NULL,
  gjahr   integer       NOT NULL,
  buzei   integer       NOT NULL,
  koart   char(1)       NOT NULL,
  shkzg   char(1)       NOT NULL,
  hkont   varchar(10)   NOT NULL,
  dmbtr   numeric(15,2) NOT NULL,
  PRIMARY KEY (bukrs, belnr, gjahr, buzei)
);

CREATE TABLE cdhdr (           -- change document header
  objectclas varchar(15) NOT NULL,
  objectid   varchar(90) NOT NULL,
  changenr   varchar(10) NOT NULL,
  username   varchar(12) NOT NULL,
  udate      timestamp   NOT NULL,
  tcode      varchar(20) NOT NULL,
  PRIMARY KEY (objectclas, objectid, changenr)
);

CREATE TABLE cdpos (           -- change document items
  objectclas varchar(15) NOT NULL,
  objectid   varchar(90) NOT NULL,
  changenr   varchar(10) NOT NULL,
  tabname    varchar(30) NOT NULL,
  tabkey     varchar(70) NOT NULL,
  fname      varchar(30) NOT NULL,
  value_new  varchar(254) NOT NULL,
  value_old  varchar(254) NOT NULL,
  PRIMARY KEY (objectclas, objectid, changenr, tabname, tabkey, fname)
);
