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
  sdbench_version    VARCHAR(40) NOT NULL
);
