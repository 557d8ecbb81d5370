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
  sdbench_version    varchar(40) NOT NULL
);
