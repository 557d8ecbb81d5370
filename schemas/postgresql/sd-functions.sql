-- The SQL SD issues besides the documents themselves (issue 27): pricing by condition technique,
-- partner determination, credit check, availability and requirements, texts, output and the
-- incompletion log. Kept in one file until the dialect-neutral DDL source lands; each statement
-- names its table category (tablespace mapping) in a "category:" comment line.
-- No secondary indexes on document tables (SAP note 185530): lookups by document go through the
-- primary keys; by material, through the index table VAPMA as SAP does.

-- category: master
CREATE TABLE a004 (            -- condition table: material (prices PR00, material discounts K004)
  mandt      varchar(3)     NOT NULL DEFAULT '100',  -- client
  kappl      varchar(2)     NOT NULL,
  kschl      varchar(4)     NOT NULL,
  vkorg      varchar(4)     NOT NULL,
  vtweg      varchar(2)     NOT NULL,
  matnr      varchar(18)    NOT NULL,
  datbi      date           NOT NULL,
  datab      date           NOT NULL,
  knumh      varchar(10)    NOT NULL,
  kfrst      varchar(1)     NOT NULL DEFAULT ' ',
  kbstat     varchar(2)     NOT NULL DEFAULT ' ',
  PRIMARY KEY (mandt, kappl, kschl, vkorg, vtweg, matnr, datbi)
);

-- category: master
CREATE TABLE a005 (            -- condition table: customer/material (customer prices PR00)
  mandt      varchar(3)     NOT NULL DEFAULT '100',  -- client
  kappl      varchar(2)     NOT NULL,
  kschl      varchar(4)     NOT NULL,
  vkorg      varchar(4)     NOT NULL,
  vtweg      varchar(2)     NOT NULL,
  kunnr      varchar(10)    NOT NULL,
  matnr      varchar(18)    NOT NULL,
  datbi      date           NOT NULL,
  datab      date           NOT NULL,
  knumh      varchar(10)    NOT NULL,
  kfrst      varchar(1)     NOT NULL DEFAULT ' ',
  kbstat     varchar(2)     NOT NULL DEFAULT ' ',
  PRIMARY KEY (mandt, kappl, kschl, vkorg, vtweg, kunnr, matnr, datbi)
);

-- category: master
CREATE TABLE a007 (            -- condition table: customer (header discount K007; the header prestep reads it)
  mandt      varchar(3)     NOT NULL DEFAULT '100',  -- client
  kappl      varchar(2)     NOT NULL,
  kschl      varchar(4)     NOT NULL,
  vkorg      varchar(4)     NOT NULL,
  vtweg      varchar(2)     NOT NULL,
  kunnr      varchar(10)    NOT NULL,
  datbi      date           NOT NULL,
  datab      date           NOT NULL,
  knumh      varchar(10)    NOT NULL,
  kfrst      varchar(1)     NOT NULL DEFAULT ' ',
  kbstat     varchar(2)     NOT NULL DEFAULT ' ',
  PRIMARY KEY (mandt, kappl, kschl, vkorg, vtweg, kunnr, datbi)
);

-- category: master
CREATE TABLE konh (            -- condition record headers
  mandt      varchar(3)     NOT NULL DEFAULT '100',  -- client
  knumh      varchar(10)    NOT NULL,
  kvewe      varchar(1)     NOT NULL,
  kotabnr    varchar(3)     NOT NULL,
  kappl      varchar(2)     NOT NULL,
  kschl      varchar(4)     NOT NULL,
  vakey      varchar(50)    NOT NULL,
  datab      date           NOT NULL,
  datbi      date           NOT NULL,
  ernam      varchar(12)    NOT NULL DEFAULT ' ',
  erdat      date           NOT NULL DEFAULT CURRENT_DATE,
  kosrt      varchar(10)    NOT NULL DEFAULT ' ',
  kzust      varchar(3)     NOT NULL DEFAULT ' ',
  knuma_ag   varchar(10)    NOT NULL DEFAULT ' ',
  aktnr      varchar(10)    NOT NULL DEFAULT ' ',
  licno      varchar(15)    NOT NULL DEFAULT ' ',
  PRIMARY KEY (mandt, knumh)
);

-- category: master
CREATE TABLE knvp (            -- customer partner functions (sold-to, ship-to, bill-to, payer)
  mandt      varchar(3)     NOT NULL DEFAULT '100',  -- client
  kunnr      varchar(10)    NOT NULL,
  vkorg      varchar(4)     NOT NULL,
  vtweg      varchar(2)     NOT NULL,
  spart      varchar(2)     NOT NULL,
  parvw      varchar(2)     NOT NULL,
  parza      varchar(3)     NOT NULL,
  kunn2      varchar(10)    NOT NULL,
  lifnr      varchar(10)    NOT NULL DEFAULT ' ',
  pernr      varchar(8)     NOT NULL DEFAULT '00000000',
  parnr      varchar(10)    NOT NULL DEFAULT '0000000000',
  knref      varchar(30)    NOT NULL DEFAULT ' ',
  defpa      varchar(1)     NOT NULL DEFAULT ' ',
  PRIMARY KEY (mandt, kunnr, vkorg, vtweg, spart, parvw, parza)
);

-- category: master
CREATE TABLE knkk (            -- customer credit management per credit control area
  mandt      varchar(3)     NOT NULL DEFAULT '100',  -- client
  kunnr      varchar(10)    NOT NULL,
  kkber      varchar(4)     NOT NULL,
  klimk      numeric(15,2)  NOT NULL,
  knkli      varchar(10)    NOT NULL,
  skfor      numeric(15,2)  NOT NULL,
  ssobl      numeric(15,2)  NOT NULL DEFAULT 0,
  ctlpc      varchar(3)     NOT NULL DEFAULT ' ',
  crblb      varchar(1)     NOT NULL DEFAULT ' ',
  sbgrp      varchar(3)     NOT NULL DEFAULT ' ',
  nxtrv      date           NOT NULL DEFAULT CURRENT_DATE,
  kraus      varchar(11)    NOT NULL DEFAULT ' ',
  dtrev      date           NOT NULL DEFAULT CURRENT_DATE,
  erdat      date           NOT NULL DEFAULT CURRENT_DATE,
  ernam      varchar(12)    NOT NULL DEFAULT ' ',
  grupp      varchar(4)     NOT NULL DEFAULT ' ',
  PRIMARY KEY (mandt, kunnr, kkber)
);

-- category: mixed
CREATE TABLE s066 (            -- credit exposure: open order values per credit account (written at order save and billing)
  mandt      varchar(3)     NOT NULL DEFAULT '100',  -- client
  kkber      varchar(4)     NOT NULL,
  knkli      varchar(10)    NOT NULL,
  oeikw      numeric(15,2)  NOT NULL,
  olikw      numeric(15,2)  NOT NULL DEFAULT 0,
  ofakw      numeric(15,2)  NOT NULL DEFAULT 0,
  hwaer      varchar(5)     NOT NULL DEFAULT ' ',
  PRIMARY KEY (mandt, kkber, knkli)
);

-- category: mixed
CREATE TABLE stxh (            -- text headers (customer and material sales texts, order texts)
  mandt      varchar(3)     NOT NULL DEFAULT '100',  -- client
  tdobject   varchar(10)    NOT NULL,
  tdname     varchar(70)    NOT NULL,
  tdid       varchar(4)     NOT NULL,
  tdspras    varchar(1)     NOT NULL,
  tdtitle    varchar(50)    NOT NULL,
  tdlinesize integer        NOT NULL,
  tdform     varchar(16)    NOT NULL DEFAULT ' ',
  tdstyle    varchar(8)     NOT NULL DEFAULT ' ',
  tdversion  varchar(5)     NOT NULL DEFAULT '00000',
  tdfuser    varchar(12)    NOT NULL DEFAULT ' ',
  tdfdate    date           NOT NULL DEFAULT CURRENT_DATE,
  tdluser    varchar(12)    NOT NULL DEFAULT ' ',
  tdldate    date           NOT NULL DEFAULT CURRENT_DATE,
  tdrefobj   varchar(10)    NOT NULL DEFAULT ' ',
  tdrefname  varchar(70)    NOT NULL DEFAULT ' ',
  tdtexttype varchar(6)     NOT NULL DEFAULT ' ',
  PRIMARY KEY (mandt, tdobject, tdname, tdid, tdspras)
);

-- category: mixed
CREATE TABLE stxl (            -- text lines (SAP stores them compressed in a cluster; here as text)
  mandt      varchar(3)     NOT NULL DEFAULT '100',  -- client
  relid      varchar(2)     NOT NULL,
  tdobject   varchar(10)    NOT NULL,
  tdname     varchar(70)    NOT NULL,
  tdid       varchar(4)     NOT NULL,
  tdspras    varchar(1)     NOT NULL,
  srtf2      integer        NOT NULL,
  clustr     integer        NOT NULL,
  clustd     varchar(4000)  NOT NULL,
  PRIMARY KEY (mandt, relid, tdobject, tdname, tdid, tdspras, srtf2)
);

-- category: mixed
CREATE TABLE vbpa (            -- partners of sales, delivery and billing documents
  mandt      varchar(3)     NOT NULL DEFAULT '100',  -- client
  vbeln      varchar(10)    NOT NULL,
  posnr      integer        NOT NULL,
  parvw      varchar(2)     NOT NULL,
  kunnr      varchar(10)    NOT NULL,
  adrnr      varchar(10)    NOT NULL,
  land1      varchar(3)     NOT NULL,
  lifnr      varchar(10)    NOT NULL DEFAULT ' ',
  pernr      varchar(8)     NOT NULL DEFAULT '00000000',
  parnr      varchar(10)    NOT NULL DEFAULT '0000000000',
  ablad      varchar(25)    NOT NULL DEFAULT ' ',
  adrda      varchar(1)     NOT NULL DEFAULT ' ',
  xcpdk      varchar(1)     NOT NULL DEFAULT ' ',
  hityp      varchar(1)     NOT NULL DEFAULT ' ',
  prfre      varchar(1)     NOT NULL DEFAULT ' ',
  bokre      varchar(1)     NOT NULL DEFAULT ' ',
  histunr    varchar(2)     NOT NULL DEFAULT '00',
  knref      varchar(30)    NOT NULL DEFAULT ' ',
  lzone      varchar(10)    NOT NULL DEFAULT ' ',
  hzuor      varchar(2)     NOT NULL DEFAULT '00',
  stceg      varchar(20)    NOT NULL DEFAULT ' ',
  parvw_ff   varchar(1)     NOT NULL DEFAULT ' ',
  adrnp      varchar(10)    NOT NULL DEFAULT ' ',
  kale       varchar(1)     NOT NULL DEFAULT ' ',
  PRIMARY KEY (mandt, vbeln, posnr, parvw)
);

-- category: mixed
CREATE TABLE vapma (           -- index table: sales order items by material (SAP's VAPMA)
  mandt      varchar(3)     NOT NULL DEFAULT '100',  -- client
  matnr      varchar(18)    NOT NULL,
  vkorg      varchar(4)     NOT NULL,
  audat      date           NOT NULL,
  vbeln      varchar(10)    NOT NULL,
  posnr      integer        NOT NULL,
  kunnr      varchar(10)    NOT NULL,
  werks      varchar(4)     NOT NULL,
  trvog      varchar(1)     NOT NULL DEFAULT ' ',
  vtweg      varchar(2)     NOT NULL DEFAULT ' ',
  spart      varchar(2)     NOT NULL DEFAULT ' ',
  auart      varchar(4)     NOT NULL DEFAULT ' ',
  vkbur      varchar(4)     NOT NULL DEFAULT ' ',
  vkgrp      varchar(3)     NOT NULL DEFAULT ' ',
  bstnk      varchar(20)    NOT NULL DEFAULT ' ',
  ernam      varchar(12)    NOT NULL DEFAULT ' ',
  datab      date           NOT NULL DEFAULT CURRENT_DATE,
  datbi      date           NOT NULL DEFAULT CURRENT_DATE,
  PRIMARY KEY (mandt, matnr, vkorg, audat, vbeln, posnr)
);

-- category: mixed
CREATE TABLE vbbe (            -- requirements of open sales orders: written at order save, read by ATP, consumed by the delivery
  mandt      varchar(3)     NOT NULL DEFAULT '100',  -- client
  matnr      varchar(18)    NOT NULL,
  werks      varchar(4)     NOT NULL,
  berid      varchar(10)    NOT NULL,
  vbeln      varchar(10)    NOT NULL,
  posnr      integer        NOT NULL,
  etenr      integer        NOT NULL,
  mbdat      date           NOT NULL,
  vbtyp      varchar(1)     NOT NULL,
  omeng      numeric(15,3)  NOT NULL,
  vmeng      numeric(15,3)  NOT NULL,
  meins      varchar(3)     NOT NULL,
  lgort      varchar(4)     NOT NULL DEFAULT ' ',
  charg      varchar(10)    NOT NULL DEFAULT ' ',
  sobkz      varchar(1)     NOT NULL DEFAULT ' ',
  bdart      varchar(2)     NOT NULL DEFAULT ' ',
  plart      varchar(1)     NOT NULL DEFAULT ' ',
  auart      varchar(4)     NOT NULL DEFAULT ' ',
  kunnr      varchar(10)    NOT NULL DEFAULT ' ',
  PRIMARY KEY (mandt, matnr, werks, berid, vbeln, posnr, etenr)
);

-- category: mixed
CREATE TABLE nast (            -- output (message) status: order confirmation, delivery note, invoice
  mandt      varchar(3)     NOT NULL DEFAULT '100',  -- client
  kappl      varchar(2)     NOT NULL,
  objky      varchar(30)    NOT NULL,
  kschl      varchar(4)     NOT NULL,
  spras      varchar(1)     NOT NULL,
  parnr      varchar(10)    NOT NULL,
  parvw      varchar(2)     NOT NULL,
  erdat      date           NOT NULL,
  eruhr      varchar(6)     NOT NULL,
  nacha      varchar(1)     NOT NULL,
  vstat      varchar(1)     NOT NULL,
  anzal      integer        NOT NULL DEFAULT 0,
  vsztp      varchar(1)     NOT NULL DEFAULT ' ',
  vsura      varchar(6)     NOT NULL DEFAULT '000000',
  vsdat      date           NOT NULL DEFAULT CURRENT_DATE,
  usnam      varchar(12)    NOT NULL DEFAULT ' ',
  ldest      varchar(4)     NOT NULL DEFAULT ' ',
  dsnam      varchar(6)     NOT NULL DEFAULT ' ',
  dsuf1      varchar(6)     NOT NULL DEFAULT ' ',
  tdname     varchar(70)    NOT NULL DEFAULT ' ',
  tcode      varchar(20)    NOT NULL DEFAULT ' ',
  manue      varchar(1)     NOT NULL DEFAULT ' ',
  aende      varchar(1)     NOT NULL DEFAULT ' ',
  PRIMARY KEY (mandt, kappl, objky, kschl, spras, parnr, parvw, erdat, eruhr)
);

-- category: mixed
CREATE TABLE vbuv (            -- incompletion log of sales documents (complete documents have no rows)
  mandt      varchar(3)     NOT NULL DEFAULT '100',  -- client
  vbeln      varchar(10)    NOT NULL,
  posnr      integer        NOT NULL,
  etenr      integer        NOT NULL,
  parvw      varchar(2)     NOT NULL,
  tbnam      varchar(30)    NOT NULL,
  fdnam      varchar(30)    NOT NULL,
  fehgr      varchar(2)     NOT NULL DEFAULT ' ',
  statg      varchar(2)     NOT NULL DEFAULT ' ',
  fcode      varchar(20)    NOT NULL DEFAULT ' ',
  PRIMARY KEY (mandt, vbeln, posnr, etenr, parvw, tbnam, fdnam)
);
