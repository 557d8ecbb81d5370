-- DB2 LUW: update request tables (category: vb), inserted by a dialog step's save, deleted by the V1 update.
-- Same tables and columns as schemas/postgresql/4-vb.sql.

CREATE TABLE vbhdr (           -- update request header
  vbkey    VARCHAR(32) NOT NULL,
  vbusr    VARCHAR(12) NOT NULL,
  vbtcode  VARCHAR(20) NOT NULL,
  vbdate   TIMESTAMP   NOT NULL,
  instance INTEGER     NOT NULL,
  vbstate  CHAR(1)     NOT NULL,  -- P pending, E V1 failed (kept for analysis)
  vbreason VARCHAR(500),           -- why the request went to E (its failed part and the error); NULL otherwise
  -- SAP fields the loop does not set (7, declared width 112 bytes): client-independent
  -- in SAP (the client is a data field, VBMANDT), so the key has no MANDT
  vbmandt    VARCHAR(3)     NOT NULL WITH DEFAULT '100',
  vbreport   VARCHAR(40)    NOT NULL WITH DEFAULT ' ',
  vbenqkey   VARCHAR(32)    NOT NULL WITH DEFAULT ' ',
  vbrc       INTEGER        NOT NULL WITH DEFAULT 0,
  vbname     VARCHAR(12)    NOT NULL WITH DEFAULT ' ',
  vblang     VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  vbcontext  VARCHAR(20)    NOT NULL WITH DEFAULT ' ',
  CONSTRAINT vbhdr_pk PRIMARY KEY (vbkey)
);

CREATE TABLE vbmod (           -- update modules of a request
  vbkey    VARCHAR(32) NOT NULL,
  vbmodcnt INTEGER     NOT NULL,
  vbfunc   VARCHAR(40) NOT NULL,
  vbprio   CHAR(1)     NOT NULL,  -- 1 = V1, 2 = V2
  -- SAP fields the loop does not set (3, declared width 5 bytes): client-independent
  -- in SAP (the client is a data field, VBMANDT), so the key has no MANDT
  vbmandt    VARCHAR(3)     NOT NULL WITH DEFAULT '100',
  vbmodcont  VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  vbmodtype  VARCHAR(1)     NOT NULL WITH DEFAULT ' ',
  CONSTRAINT vbmod_pk PRIMARY KEY (vbkey, vbmodcnt)
);

CREATE TABLE vbdata (          -- update module payloads (BLOB: any payload size)
  vbkey    VARCHAR(32) NOT NULL,
  vbmodcnt INTEGER     NOT NULL,
  vbblknr  INTEGER     NOT NULL,
  vbdata   BLOB(32M)   NOT NULL,
  -- SAP fields the loop does not set (2, declared width 7 bytes): client-independent
  -- in SAP (the client is a data field, VBMANDT), so the key has no MANDT
  vbmandt    VARCHAR(3)     NOT NULL WITH DEFAULT '100',
  vbdatlen   INTEGER        NOT NULL WITH DEFAULT 0,
  CONSTRAINT vbdata_pk PRIMARY KEY (vbkey, vbmodcnt, vbblknr)
);
