-- DB2 LUW: read-mostly master data and customizing (category: master).
-- Same tables and columns as schemas/postgresql/1-master.sql. Each benchmark user owns its
-- customers and materials; user_no lets the audit count per user.

CREATE TABLE tvak (            -- sales document types
  auart   VARCHAR(4)  NOT NULL,
  bezei   VARCHAR(20) NOT NULL,
  numki   VARCHAR(2)  NOT NULL, -- number range interval for orders of this type
  CONSTRAINT tvak_pk PRIMARY KEY (auart)
);

CREATE TABLE tvko (            -- sales organisations
  vkorg   VARCHAR(4)  NOT NULL,
  bukrs   VARCHAR(4)  NOT NULL,
  waers   VARCHAR(5)  NOT NULL,
  CONSTRAINT tvko_pk PRIMARY KEY (vkorg)
);

CREATE TABLE t001w (           -- plants
  werks   VARCHAR(4)  NOT NULL,
  name1   VARCHAR(30) NOT NULL,
  bwkey   VARCHAR(4)  NOT NULL,
  CONSTRAINT t001w_pk PRIMARY KEY (werks)
);

CREATE TABLE kna1 (            -- customer general data
  kunnr   VARCHAR(10) NOT NULL,
  user_no INTEGER     NOT NULL,
  name1   VARCHAR(35) NOT NULL,
  ort01   VARCHAR(35) NOT NULL,
  land1   VARCHAR(3)  NOT NULL,
  CONSTRAINT kna1_pk PRIMARY KEY (kunnr)
);
CREATE INDEX kna1_user ON kna1 (user_no);

CREATE TABLE knvv (            -- customer sales data (incl. credit limit)
  kunnr   VARCHAR(10)   NOT NULL,
  vkorg   VARCHAR(4)    NOT NULL,
  vtweg   VARCHAR(2)    NOT NULL,
  spart   VARCHAR(2)    NOT NULL,
  kdgrp   VARCHAR(2)    NOT NULL,
  waers   VARCHAR(5)    NOT NULL,
  klimk   DECIMAL(15,2) NOT NULL,
  CONSTRAINT knvv_pk PRIMARY KEY (kunnr, vkorg, vtweg, spart)
);

CREATE TABLE mara (            -- material general data
  matnr   VARCHAR(18)   NOT NULL,
  user_no INTEGER       NOT NULL,
  mtart   VARCHAR(4)    NOT NULL,
  meins   VARCHAR(3)    NOT NULL,
  brgew   DECIMAL(13,3) NOT NULL,
  maktx   VARCHAR(40)   NOT NULL,
  CONSTRAINT mara_pk PRIMARY KEY (matnr)
);
CREATE INDEX mara_user ON mara (user_no);

CREATE TABLE marc (            -- material plant data
  matnr   VARCHAR(18) NOT NULL,
  werks   VARCHAR(4)  NOT NULL,
  dispo   VARCHAR(3)  NOT NULL,
  mtvfp   VARCHAR(2)  NOT NULL,
  CONSTRAINT marc_pk PRIMARY KEY (matnr, werks)
);

CREATE TABLE mvke (            -- material sales data
  matnr   VARCHAR(18) NOT NULL,
  vkorg   VARCHAR(4)  NOT NULL,
  vtweg   VARCHAR(2)  NOT NULL,
  prodh   VARCHAR(18) NOT NULL,
  CONSTRAINT mvke_pk PRIMARY KEY (matnr, vkorg, vtweg)
);

CREATE TABLE konp (            -- pricing condition items (price per material)
  knumh   VARCHAR(10)   NOT NULL,
  kschl   VARCHAR(4)    NOT NULL,
  matnr   VARCHAR(18)   NOT NULL,
  kbetr   DECIMAL(11,2) NOT NULL,
  konwa   VARCHAR(5)    NOT NULL,
  CONSTRAINT konp_pk PRIMARY KEY (knumh)
);
CREATE INDEX konp_mat ON konp (kschl, matnr);

CREATE TABLE sdbench_load (     -- what 'sdbench load' generated: runs and audits check against it
  users              INTEGER     NOT NULL,
  customers_per_user INTEGER     NOT NULL,
  materials_per_user INTEGER     NOT NULL,
  plants             INTEGER     NOT NULL,
  initial_stock      BIGINT      NOT NULL,
  seed               BIGINT      NOT NULL,
  loaded_at          TIMESTAMP   NOT NULL,
  sdbench_version    VARCHAR(40) NOT NULL,
  history_orders     INTEGER     NOT NULL,  -- complete orders of history per customer
  line_items         INTEGER     NOT NULL   -- line items per history order
);

CREATE TABLE sdbench_baseline ( -- document numbers of the loaded order history: a sweep's reset keeps these
  object     VARCHAR(10) NOT NULL,
  nrrangenr  VARCHAR(2)  NOT NULL,
  fromnumber BIGINT      NOT NULL,
  tonumber   BIGINT      NOT NULL,
  CONSTRAINT sdbench_baseline_pk PRIMARY KEY (object, nrrangenr, fromnumber)
);

-- Customizing read through the table buffer (fully or generically buffered in SAP). Sizes and the
-- keys each material and customer uses: org.sdbench.load.Customizing.

CREATE TABLE t001 (            -- company codes
  bukrs   VARCHAR(4)  NOT NULL,
  butxt   VARCHAR(25) NOT NULL,
  waers   VARCHAR(5)  NOT NULL,
  land1   VARCHAR(3)  NOT NULL,
  CONSTRAINT t001_pk PRIMARY KEY (bukrs)
);

CREATE TABLE tvta (            -- sales areas
  vkorg   VARCHAR(4)  NOT NULL,
  vtweg   VARCHAR(2)  NOT NULL,
  spart   VARCHAR(2)  NOT NULL,
  vtext   VARCHAR(40) NOT NULL,
  CONSTRAINT tvta_pk PRIMARY KEY (vkorg, vtweg, spart)
);

CREATE TABLE tvst (            -- shipping points
  vstel   VARCHAR(4)  NOT NULL,
  vtext   VARCHAR(30) NOT NULL,
  CONSTRAINT tvst_pk PRIMARY KEY (vstel)
);

CREATE TABLE tvap (            -- sales document item categories
  pstyv   VARCHAR(4)  NOT NULL,
  vtext   VARCHAR(20) NOT NULL,
  fkrel   VARCHAR(1)  NOT NULL,  -- relevant for billing
  lfrel   VARCHAR(1)  NOT NULL,  -- relevant for delivery
  CONSTRAINT tvap_pk PRIMARY KEY (pstyv)
);

CREATE TABLE tvlk (            -- delivery types
  lfart   VARCHAR(4)  NOT NULL,
  vtext   VARCHAR(20) NOT NULL,
  numki   VARCHAR(2)  NOT NULL,
  CONSTRAINT tvlk_pk PRIMARY KEY (lfart)
);

CREATE TABLE tvfk (            -- billing types
  fkart   VARCHAR(4)  NOT NULL,
  vtext   VARCHAR(20) NOT NULL,
  numki   VARCHAR(2)  NOT NULL,
  kalsm   VARCHAR(6)  NOT NULL,
  CONSTRAINT tvfk_pk PRIMARY KEY (fkart)
);

CREATE TABLE t683 (            -- pricing procedures
  kalsm   VARCHAR(6)  NOT NULL,
  vtext   VARCHAR(30) NOT NULL,
  CONSTRAINT t683_pk PRIMARY KEY (kalsm)
);

CREATE TABLE t683s (           -- pricing procedure steps (generically buffered by procedure)
  kalsm   VARCHAR(6)  NOT NULL,
  stunr   INTEGER     NOT NULL,
  kschl   VARCHAR(4)  NOT NULL,
  CONSTRAINT t683s_pk PRIMARY KEY (kalsm, stunr)
);

CREATE TABLE t685a (           -- condition types (pricing)
  kschl   VARCHAR(4)  NOT NULL,
  krech   VARCHAR(1)  NOT NULL,  -- calculation type
  kntyp   VARCHAR(1)  NOT NULL,
  vtext   VARCHAR(20) NOT NULL,
  CONSTRAINT t685a_pk PRIMARY KEY (kschl)
);

CREATE TABLE t006 (            -- units of measure
  msehi   VARCHAR(3)  NOT NULL,
  dimid   VARCHAR(6)  NOT NULL,
  andec   VARCHAR(1)  NOT NULL,  -- decimal places for rounding
  CONSTRAINT t006_pk PRIMARY KEY (msehi)
);

CREATE TABLE t156 (            -- movement types
  bwart   VARCHAR(3)  NOT NULL,
  shkzg   VARCHAR(1)  NOT NULL,  -- debit/credit
  btext   VARCHAR(20) NOT NULL,
  CONSTRAINT t156_pk PRIMARY KEY (bwart)
);

CREATE TABLE ddlog (           -- buffer synchronisation: changed buffered tables, polled by every instance
  seq        BIGINT NOT NULL GENERATED ALWAYS AS IDENTITY,
  tabname    VARCHAR(30) NOT NULL,
  changed_at TIMESTAMP   NOT NULL,
  CONSTRAINT ddlog_pk PRIMARY KEY (seq)
);
