-- The SQL SD issues besides the documents themselves (issue 27): pricing by condition technique,
-- partner determination, credit check, availability and requirements, texts, output and the
-- incompletion log. Kept in one file until the dialect-neutral DDL source lands; each statement
-- names its table category (tablespace mapping) in a "category:" comment line.
-- No secondary indexes on document tables (SAP note 185530): lookups by document go through the
-- primary keys; by material, through the index table VAPMA as SAP does.

-- category: master
CREATE TABLE a004 (            -- condition table: material (prices PR00, material discounts K004)
  mandt      VARCHAR(3)     NOT NULL WITH DEFAULT '100',  -- client
  kappl      VARCHAR(2)     NOT NULL,
  kschl      VARCHAR(4)     NOT NULL,
  vkorg      VARCHAR(4)     NOT NULL,
  vtweg      VARCHAR(2)     NOT NULL,
  matnr      VARCHAR(18)    NOT NULL,
  datbi       DATE           NOT NULL,
  datab       DATE           NOT NULL,
  knumh      VARCHAR(10)    NOT NULL,
  kfrst      VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  kbstat     VARCHAR(2)     NOT NULL WITH DEFAULT ' ',
  PRIMARY KEY (mandt, kappl, kschl, vkorg, vtweg, matnr, datbi)
);

-- category: master
CREATE TABLE a005 (            -- condition table: customer/material (customer prices PR00)
  mandt      VARCHAR(3)     NOT NULL WITH DEFAULT '100',  -- client
  kappl      VARCHAR(2)     NOT NULL,
  kschl      VARCHAR(4)     NOT NULL,
  vkorg      VARCHAR(4)     NOT NULL,
  vtweg      VARCHAR(2)     NOT NULL,
  kunnr      VARCHAR(10)    NOT NULL,
  matnr      VARCHAR(18)    NOT NULL,
  datbi       DATE           NOT NULL,
  datab       DATE           NOT NULL,
  knumh      VARCHAR(10)    NOT NULL,
  kfrst      VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  kbstat     VARCHAR(2)     NOT NULL WITH DEFAULT ' ',
  PRIMARY KEY (mandt, kappl, kschl, vkorg, vtweg, kunnr, matnr, datbi)
);

-- category: master
CREATE TABLE a007 (            -- condition table: customer (header discount K007; the header prestep reads it)
  mandt      VARCHAR(3)     NOT NULL WITH DEFAULT '100',  -- client
  kappl      VARCHAR(2)     NOT NULL,
  kschl      VARCHAR(4)     NOT NULL,
  vkorg      VARCHAR(4)     NOT NULL,
  vtweg      VARCHAR(2)     NOT NULL,
  kunnr      VARCHAR(10)    NOT NULL,
  datbi       DATE           NOT NULL,
  datab       DATE           NOT NULL,
  knumh      VARCHAR(10)    NOT NULL,
  kfrst      VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  kbstat     VARCHAR(2)     NOT NULL WITH DEFAULT ' ',
  PRIMARY KEY (mandt, kappl, kschl, vkorg, vtweg, kunnr, datbi)
);

-- category: master
CREATE TABLE konh (            -- condition record headers
  mandt      VARCHAR(3)     NOT NULL WITH DEFAULT '100',  -- client
  knumh      VARCHAR(10)    NOT NULL,
  kvewe      VARCHAR(1)     NOT NULL,
  kotabnr    VARCHAR(3)     NOT NULL,
  kappl      VARCHAR(2)     NOT NULL,
  kschl      VARCHAR(4)     NOT NULL,
  vakey      VARCHAR(50)    NOT NULL,
  datab       DATE           NOT NULL,
  datbi       DATE           NOT NULL,
  ernam      VARCHAR(12)    NOT NULL WITH DEFAULT ' ',
  erdat       DATE           NOT NULL WITH DEFAULT CURRENT DATE,
  kosrt      VARCHAR(10)    NOT NULL WITH DEFAULT ' ',
  kzust      VARCHAR(3)     NOT NULL WITH DEFAULT ' ',
  knuma_ag   VARCHAR(10)    NOT NULL WITH DEFAULT ' ',
  aktnr      VARCHAR(10)    NOT NULL WITH DEFAULT ' ',
  licno      VARCHAR(15)    NOT NULL WITH DEFAULT ' ',
  PRIMARY KEY (mandt, knumh)
);

-- category: master
CREATE TABLE knvp (            -- customer partner functions (sold-to, ship-to, bill-to, payer)
  mandt      VARCHAR(3)     NOT NULL WITH DEFAULT '100',  -- client
  kunnr      VARCHAR(10)    NOT NULL,
  vkorg      VARCHAR(4)     NOT NULL,
  vtweg      VARCHAR(2)     NOT NULL,
  spart      VARCHAR(2)     NOT NULL,
  parvw      VARCHAR(2)     NOT NULL,
  parza      VARCHAR(3)     NOT NULL,
  kunn2      VARCHAR(10)    NOT NULL,
  lifnr      VARCHAR(10)    NOT NULL WITH DEFAULT ' ',
  pernr      VARCHAR(8)     NOT NULL WITH DEFAULT '00000000',
  parnr      VARCHAR(10)    NOT NULL WITH DEFAULT '0000000000',
  knref      VARCHAR(30)    NOT NULL WITH DEFAULT ' ',
  defpa      VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  PRIMARY KEY (mandt, kunnr, vkorg, vtweg, spart, parvw, parza)
);

-- category: master
CREATE TABLE knkk (            -- customer credit management per credit control area
  mandt      VARCHAR(3)     NOT NULL WITH DEFAULT '100',  -- client
  kunnr      VARCHAR(10)    NOT NULL,
  kkber      VARCHAR(4)     NOT NULL,
  klimk      DECIMAL(15,2)  NOT NULL,
  knkli      VARCHAR(10)    NOT NULL,
  skfor      DECIMAL(15,2)  NOT NULL,
  ssobl      DECIMAL(15,2)  NOT NULL WITH DEFAULT 0,
  ctlpc      VARCHAR(3)     NOT NULL WITH DEFAULT ' ',
  crblb      VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  sbgrp      VARCHAR(3)     NOT NULL WITH DEFAULT ' ',
  nxtrv       DATE           NOT NULL WITH DEFAULT CURRENT DATE,
  kraus      VARCHAR(11)    NOT NULL WITH DEFAULT ' ',
  dtrev       DATE           NOT NULL WITH DEFAULT CURRENT DATE,
  erdat       DATE           NOT NULL WITH DEFAULT CURRENT DATE,
  ernam      VARCHAR(12)    NOT NULL WITH DEFAULT ' ',
  grupp      VARCHAR(4)     NOT NULL WITH DEFAULT ' ',
  PRIMARY KEY (mandt, kunnr, kkber)
);

-- category: mixed
CREATE TABLE s066 (            -- credit exposure: open order values per credit account (written at order save and billing)
  mandt      VARCHAR(3)     NOT NULL WITH DEFAULT '100',  -- client
  kkber      VARCHAR(4)     NOT NULL,
  knkli      VARCHAR(10)    NOT NULL,
  oeikw      DECIMAL(15,2)  NOT NULL,
  olikw      DECIMAL(15,2)  NOT NULL WITH DEFAULT 0,
  ofakw      DECIMAL(15,2)  NOT NULL WITH DEFAULT 0,
  hwaer      VARCHAR(5)     NOT NULL WITH DEFAULT ' ',
  PRIMARY KEY (mandt, kkber, knkli)
);

-- category: mixed
CREATE TABLE stxh (            -- text headers (customer and material sales texts, order texts)
  mandt      VARCHAR(3)     NOT NULL WITH DEFAULT '100',  -- client
  tdobject   VARCHAR(10)    NOT NULL,
  tdname     VARCHAR(70)    NOT NULL,
  tdid       VARCHAR(4)     NOT NULL,
  tdspras    VARCHAR(1)     NOT NULL,
  tdtitle    VARCHAR(50)    NOT NULL,
  tdlinesize integer        NOT NULL,
  tdform     VARCHAR(16)    NOT NULL WITH DEFAULT ' ',
  tdstyle    VARCHAR(8)     NOT NULL WITH DEFAULT ' ',
  tdversion  VARCHAR(5)     NOT NULL WITH DEFAULT '00000',
  tdfuser    VARCHAR(12)    NOT NULL WITH DEFAULT ' ',
  tdfdate     DATE           NOT NULL WITH DEFAULT CURRENT DATE,
  tdluser    VARCHAR(12)    NOT NULL WITH DEFAULT ' ',
  tdldate     DATE           NOT NULL WITH DEFAULT CURRENT DATE,
  tdrefobj   VARCHAR(10)    NOT NULL WITH DEFAULT ' ',
  tdrefname  VARCHAR(70)    NOT NULL WITH DEFAULT ' ',
  tdtexttype VARCHAR(6)     NOT NULL WITH DEFAULT ' ',
  PRIMARY KEY (mandt, tdobject, tdname, tdid, tdspras)
);

-- category: mixed
CREATE TABLE stxl (            -- text lines (SAP stores them compressed in a cluster; here as text)
  mandt      VARCHAR(3)     NOT NULL WITH DEFAULT '100',  -- client
  relid      VARCHAR(2)     NOT NULL,
  tdobject   VARCHAR(10)    NOT NULL,
  tdname     VARCHAR(70)    NOT NULL,
  tdid       VARCHAR(4)     NOT NULL,
  tdspras    VARCHAR(1)     NOT NULL,
  srtf2      integer        NOT NULL,
  clustr     integer        NOT NULL,
  clustd     VARCHAR(4000)  NOT NULL,
  PRIMARY KEY (mandt, relid, tdobject, tdname, tdid, tdspras, srtf2)
);

-- category: mixed
CREATE TABLE vbpa (            -- partners of sales, delivery and billing documents
  mandt      VARCHAR(3)     NOT NULL WITH DEFAULT '100',  -- client
  vbeln      VARCHAR(10)    NOT NULL,
  posnr      integer        NOT NULL,
  parvw      VARCHAR(2)     NOT NULL,
  kunnr      VARCHAR(10)    NOT NULL,
  adrnr      VARCHAR(10)    NOT NULL,
  land1      VARCHAR(3)     NOT NULL,
  lifnr      VARCHAR(10)    NOT NULL WITH DEFAULT ' ',
  pernr      VARCHAR(8)     NOT NULL WITH DEFAULT '00000000',
  parnr      VARCHAR(10)    NOT NULL WITH DEFAULT '0000000000',
  ablad      VARCHAR(25)    NOT NULL WITH DEFAULT ' ',
  adrda      VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  xcpdk      VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  hityp      VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  prfre      VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  bokre      VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  histunr    VARCHAR(2)     NOT NULL WITH DEFAULT '00',
  knref      VARCHAR(30)    NOT NULL WITH DEFAULT ' ',
  lzone      VARCHAR(10)    NOT NULL WITH DEFAULT ' ',
  hzuor      VARCHAR(2)     NOT NULL WITH DEFAULT '00',
  stceg      VARCHAR(20)    NOT NULL WITH DEFAULT ' ',
  parvw_ff   VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  adrnp      VARCHAR(10)    NOT NULL WITH DEFAULT ' ',
  kale       VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  PRIMARY KEY (mandt, vbeln, posnr, parvw)
);

-- category: mixed
CREATE TABLE vapma (           -- index table: sales order items by material (SAP's VAPMA)
  mandt      VARCHAR(3)     NOT NULL WITH DEFAULT '100',  -- client
  matnr      VARCHAR(18)    NOT NULL,
  vkorg      VARCHAR(4)     NOT NULL,
  audat       DATE           NOT NULL,
  vbeln      VARCHAR(10)    NOT NULL,
  posnr      integer        NOT NULL,
  kunnr      VARCHAR(10)    NOT NULL,
  werks      VARCHAR(4)     NOT NULL,
  trvog      VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  vtweg      VARCHAR(2)     NOT NULL WITH DEFAULT ' ',
  spart      VARCHAR(2)     NOT NULL WITH DEFAULT ' ',
  auart      VARCHAR(4)     NOT NULL WITH DEFAULT ' ',
  vkbur      VARCHAR(4)     NOT NULL WITH DEFAULT ' ',
  vkgrp      VARCHAR(3)     NOT NULL WITH DEFAULT ' ',
  bstnk      VARCHAR(20)    NOT NULL WITH DEFAULT ' ',
  ernam      VARCHAR(12)    NOT NULL WITH DEFAULT ' ',
  datab       DATE           NOT NULL WITH DEFAULT CURRENT DATE,
  datbi       DATE           NOT NULL WITH DEFAULT CURRENT DATE,
  PRIMARY KEY (mandt, matnr, vkorg, audat, vbeln, posnr)
);

-- category: mixed
CREATE TABLE vbbe (            -- requirements of open sales orders: written at order save, read by ATP, consumed by the delivery
  mandt      VARCHAR(3)     NOT NULL WITH DEFAULT '100',  -- client
  matnr      VARCHAR(18)    NOT NULL,
  werks      VARCHAR(4)     NOT NULL,
  berid      VARCHAR(10)    NOT NULL,
  vbeln      VARCHAR(10)    NOT NULL,
  posnr      integer        NOT NULL,
  etenr      integer        NOT NULL,
  mbdat       DATE           NOT NULL,
  vbtyp      VARCHAR(1)     NOT NULL,
  omeng      DECIMAL(15,3)  NOT NULL,
  vmeng      DECIMAL(15,3)  NOT NULL,
  meins      VARCHAR(3)     NOT NULL,
  lgort      VARCHAR(4)     NOT NULL WITH DEFAULT ' ',
  charg      VARCHAR(10)    NOT NULL WITH DEFAULT ' ',
  sobkz      VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  bdart      VARCHAR(2)     NOT NULL WITH DEFAULT ' ',
  plart      VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  auart      VARCHAR(4)     NOT NULL WITH DEFAULT ' ',
  kunnr      VARCHAR(10)    NOT NULL WITH DEFAULT ' ',
  PRIMARY KEY (mandt, matnr, werks, berid, vbeln, posnr, etenr)
);

-- category: mixed
CREATE TABLE nast (            -- output (message) status: order confirmation, delivery note, invoice
  mandt      VARCHAR(3)     NOT NULL WITH DEFAULT '100',  -- client
  kappl      VARCHAR(2)     NOT NULL,
  objky      VARCHAR(30)    NOT NULL,
  kschl      VARCHAR(4)     NOT NULL,
  spras      VARCHAR(1)     NOT NULL,
  parnr      VARCHAR(10)    NOT NULL,
  parvw      VARCHAR(2)     NOT NULL,
  erdat       DATE           NOT NULL,
  eruhr      VARCHAR(6)     NOT NULL,
  nacha      VARCHAR(1)     NOT NULL,
  vstat      VARCHAR(1)     NOT NULL,
  anzal      integer        NOT NULL WITH DEFAULT 0,
  vsztp      VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  vsura      VARCHAR(6)     NOT NULL WITH DEFAULT '000000',
  vsdat       DATE           NOT NULL WITH DEFAULT CURRENT DATE,
  usnam      VARCHAR(12)    NOT NULL WITH DEFAULT ' ',
  ldest      VARCHAR(4)     NOT NULL WITH DEFAULT ' ',
  dsnam      VARCHAR(6)     NOT NULL WITH DEFAULT ' ',
  dsuf1      VARCHAR(6)     NOT NULL WITH DEFAULT ' ',
  tdname     VARCHAR(70)    NOT NULL WITH DEFAULT ' ',
  tcode      VARCHAR(20)    NOT NULL WITH DEFAULT ' ',
  manue      VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  aende      VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  PRIMARY KEY (mandt, kappl, objky, kschl, spras, parnr, parvw, erdat, eruhr)
);

-- category: mixed
CREATE TABLE vbuv (            -- incompletion log of sales documents (complete documents have no rows)
  mandt      VARCHAR(3)     NOT NULL WITH DEFAULT '100',  -- client
  vbeln      VARCHAR(10)    NOT NULL,
  posnr      integer        NOT NULL,
  etenr      integer        NOT NULL,
  parvw      VARCHAR(2)     NOT NULL,
  tbnam      VARCHAR(30)    NOT NULL,
  fdnam      VARCHAR(30)    NOT NULL,
  fehgr      VARCHAR(2)     NOT NULL WITH DEFAULT ' ',
  statg      VARCHAR(2)     NOT NULL WITH DEFAULT ' ',
  fcode      VARCHAR(20)    NOT NULL WITH DEFAULT ' ',
  PRIMARY KEY (mandt, vbeln, posnr, etenr, parvw, tbnam, fdnam)
);
