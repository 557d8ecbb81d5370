-- Read-mostly master data and customizing (category: master).
-- Each benchmark user owns its customers and materials; user_no lets the audit count per user.

CREATE TABLE tvak (            -- sales document types
  auart   varchar(4)  NOT NULL PRIMARY KEY,
  bezei   varchar(20) NOT NULL,
  numki   varchar(2)  NOT NULL  -- number range interval for orders of this type
);

CREATE TABLE tvko (            -- sales organisations
  vkorg   varchar(4)  NOT NULL PRIMARY KEY,
  bukrs   varchar(4)  NOT NULL,
  waers   varchar(5)  NOT NULL
);

CREATE TABLE t001w (           -- plants
  werks   varchar(4)  NOT NULL PRIMARY KEY,
  name1   varchar(30) NOT NULL,
  bwkey   varchar(4)  NOT NULL
);

CREATE TABLE kna1 (            -- customer general data
  kunnr   varchar(10) NOT NULL PRIMARY KEY,
  user_no integer     NOT NULL,
  name1   varchar(35) NOT NULL,
  ort01   varchar(35) NOT NULL,
  land1   varchar(3)  NOT NULL
);
CREATE INDEX kna1_user ON kna1 (user_no);

CREATE TABLE knvv (            -- customer sales data (incl. credit limit)
  kunnr   varchar(10)   NOT NULL,
  vkorg   varchar(4)    NOT NULL,
  vtweg   varchar(2)    NOT NULL,
  spart   varchar(2)    NOT NULL,
  kdgrp   varchar(2)    NOT NULL,
  waers   varchar(5)    NOT NULL,
  klimk   numeric(15,2) NOT NULL,
  PRIMARY KEY (kunnr, vkorg, vtweg, spart)
);

CREATE TABLE mara (            -- material general data
  matnr   varchar(18)   NOT NULL PRIMARY KEY,
  user_no integer       NOT NULL,
  mtart   varchar(4)    NOT NULL,
  meins   varchar(3)    NOT NULL,
  brgew   numeric(13,3) NOT NULL,
  maktx   varchar(40)   NOT NULL
);
CREATE INDEX mara_user ON mara (user_no);

CREATE TABLE marc (            -- material plant data
  matnr   varchar(18) NOT NULL,
  werks   varchar(4)  NOT NULL,
  dispo   varchar(3)  NOT NULL,
  mtvfp   varchar(2)  NOT NULL,
  PRIMARY KEY (matnr, werks)
);

CREATE TABLE mvke (            -- material sales data
  matnr   varchar(18) NOT NULL,
  vkorg   varchar(4)  NOT NULL,
  vtweg   varchar(2)  NOT NULL,
  prodh   varchar(18) NOT NULL,
  PRIMARY KEY (matnr, vkorg, vtweg)
);

CREATE TABLE konp (            -- pricing condition items (price per material)
  knumh   varchar(10)   NOT NULL PRIMARY KEY,
  kschl   varchar(4)    NOT NULL,
  matnr   varchar(18)   NOT NULL,
  kbetr   numeric(11,2) NOT NULL,
  konwa   varchar(5)    NOT NULL
);
CREATE INDEX konp_mat ON konp (kschl, matnr);

CREATE TABLE sdbench_load (     -- what 'sdbench load' generated: runs and audits check against it
  users              integer     NOT NULL,
  customers_per_user integer     NOT NULL,
  materials_per_user integer     NOT NULL,
  plants             integer     NOT NULL,
  initial_stock      bigint      NOT NULL,
  seed               bigint      NOT NULL,
  loaded_at          timestamp   NOT NULL,
  sdbench_version    varchar(40) NOT NULL,
  history_orders     integer     NOT NULL,  -- complete orders of history per customer
  line_items         integer     NOT NULL   -- line items per history order
);

CREATE TABLE sdbench_baseline ( -- document numbers of the loaded order history: a sweep's reset keeps these
  object     varchar(10) NOT NULL,
  nrrangenr  varchar(2)  NOT NULL,
  fromnumber bigint      NOT NULL,
  tonumber   bigint      NOT NULL,
  PRIMARY KEY (object, nrrangenr, fromnumber)
);

-- Customizing read through the table buffer (fully or generically buffered in SAP). Sizes and the
-- keys each material and customer uses: org.sdbench.load.Customizing.

CREATE TABLE t001 (            -- company codes
  bukrs   varchar(4)  NOT NULL PRIMARY KEY,
  butxt   varchar(25) NOT NULL,
  waers   varchar(5)  NOT NULL,
  land1   varchar(3)  NOT NULL
);

CREATE TABLE tvta (            -- sales areas
  vkorg   varchar(4)  NOT NULL,
  vtweg   varchar(2)  NOT NULL,
  spart   varchar(2)  NOT NULL,
  vtext   varchar(40) NOT NULL,
  PRIMARY KEY (vkorg, vtweg, spart)
);

CREATE TABLE tvst (            -- shipping points
  vstel   varchar(4)  NOT NULL PRIMARY KEY,
  vtext   varchar(30) NOT NULL
);

CREATE TABLE tvap (            -- sales document item categories
  pstyv   varchar(4)  NOT NULL PRIMARY KEY,
  vtext   varchar(20) NOT NULL,
  fkrel   varchar(1)  NOT NULL,  -- relevant for billing
  lfrel   varchar(1)  NOT NULL   -- relevant for delivery
);

CREATE TABLE tvlk (            -- delivery types
  lfart   varchar(4)  NOT NULL PRIMARY KEY,
  vtext   varchar(20) NOT NULL,
  numki   varchar(2)  NOT NULL
);

CREATE TABLE tvfk (            -- billing types
  fkart   varchar(4)  NOT NULL PRIMARY KEY,
  vtext   varchar(20) NOT NULL,
  numki   varchar(2)  NOT NULL,
  kalsm   varchar(6)  NOT NULL
);

CREATE TABLE t683 (            -- pricing procedures
  kalsm   varchar(6)  NOT NULL PRIMARY KEY,
  vtext   varchar(30) NOT NULL
);

CREATE TABLE t683s (           -- pricing procedure steps (generically buffered by procedure)
  kalsm   varchar(6)  NOT NULL,
  stunr   integer     NOT NULL,
  kschl   varchar(4)  NOT NULL,
  PRIMARY KEY (kalsm, stunr)
);

CREATE TABLE t685a (           -- condition types (pricing)
  kschl   varchar(4)  NOT NULL PRIMARY KEY,
  krech   varchar(1)  NOT NULL,  -- calculation type
  kntyp   varchar(1)  NOT NULL,
  vtext   varchar(20) NOT NULL
);

CREATE TABLE t006 (            -- units of measure
  msehi   varchar(3)  NOT NULL PRIMARY KEY,
  dimid   varchar(6)  NOT NULL,
  andec   varchar(1)  NOT NULL   -- decimal places for rounding
);

CREATE TABLE t156 (            -- movement types
  bwart   varchar(3)  NOT NULL PRIMARY KEY,
  shkzg   varchar(1)  NOT NULL,  -- debit/credit
  btext   varchar(20) NOT NULL
);

CREATE TABLE ddlog (           -- buffer synchronisation: changed buffered tables, polled by every instance
  seq        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tabname    varchar(30) NOT NULL,
  changed_at timestamp   NOT NULL
);
