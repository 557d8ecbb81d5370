-- DB2 LUW: update request tables (category: vb), inserted by a dialog step's save, deleted by the V1 update.
-- Same tables and columns as schemas/postgresql/4-vb.sql.

CREATE TABLE vbhdr (           -- update request header
  vbkey    VARCHAR(32) NOT NULL,
  vbusr    VARCHAR(12) NOT NULL,
  vbtcode  VARCHAR(20) NOT NULL,
  vbdate   TIMESTAMP   NOT NULL,
  instance INTEGER     NOT NULL,
  vbstate  CHAR(1)     NOT NULL,  -- P pending, E V1 failed (kept for analysis)
  CONSTRAINT vbhdr_pk PRIMARY KEY (vbkey)
);

CREATE TABLE vbmod (           -- update modules of a request
  vbkey    VARCHAR(32) NOT NULL,
  vbmodcnt INTEGER     NOT NULL,
  vbfunc   VARCHAR(40) NOT NULL,
  vbprio   CHAR(1)     NOT NULL,  -- 1 = V1, 2 = V2
  CONSTRAINT vbmod_pk PRIMARY KEY (vbkey, vbmodcnt)
);

CREATE TABLE vbdata (          -- update module payloads (BLOB: any payload size)
  vbkey    VARCHAR(32) NOT NULL,
  vbmodcnt INTEGER     NOT NULL,
  vbblknr  INTEGER     NOT NULL,
  vbdata   BLOB(32M)   NOT NULL,
  CONSTRAINT vbdata_pk PRIMARY KEY (vbkey, vbmodcnt, vbblknr)
);
