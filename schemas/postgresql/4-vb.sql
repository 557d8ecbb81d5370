-- Update request tables (category: vb): inserted by a dialog step's save, deleted by the V1 update.

CREATE TABLE vbhdr (           -- update request header
  vbkey    varchar(32) NOT NULL,
  vbusr    varchar(12) NOT NULL,
  vbtcode  varchar(20) NOT NULL,
  vbdate   timestamp   NOT NULL,
  instance integer     NOT NULL,
  vbstate  char(1)     NOT NULL,  -- P pending, E V1 failed (kept for analysis)
  vbreason varchar(500),           -- why the request went to E (its failed part and the error); NULL otherwise
  -- SAP fields the loop does not set (7, declared width 112 bytes): client-independent
  -- in SAP (the client is a data field, VBMANDT), so the key has no MANDT
  vbmandt    varchar(3)     NOT NULL DEFAULT '100',
  vbreport   varchar(40)    NOT NULL DEFAULT ' ',
  vbenqkey   varchar(32)    NOT NULL DEFAULT ' ',
  vbrc       integer        NOT NULL DEFAULT 0,
  vbname     varchar(12)    NOT NULL DEFAULT ' ',
  vblang     varchar(1)     NOT NULL DEFAULT ' ',
  vbcontext  varchar(20)    NOT NULL DEFAULT ' ',
  PRIMARY KEY (vbkey)
);

CREATE TABLE vbmod (           -- update modules of a request
  vbkey    varchar(32) NOT NULL,
  vbmodcnt integer     NOT NULL,
  vbfunc   varchar(40) NOT NULL,
  vbprio   char(1)     NOT NULL,  -- 1 = V1, 2 = V2
  -- SAP fields the loop does not set (3, declared width 5 bytes): client-independent
  -- in SAP (the client is a data field, VBMANDT), so the key has no MANDT
  vbmandt    varchar(3)     NOT NULL DEFAULT '100',
  vbmodcont  varchar(1)     NOT NULL DEFAULT ' ',
  vbmodtype  varchar(1)     NOT NULL DEFAULT ' ',
  PRIMARY KEY (vbkey, vbmodcnt)
);

CREATE TABLE vbdata (          -- update module payloads
  vbkey    varchar(32) NOT NULL,
  vbmodcnt integer     NOT NULL,
  vbblknr  integer     NOT NULL,
  vbdata   bytea       NOT NULL,
  -- SAP fields the loop does not set (2, declared width 7 bytes): client-independent
  -- in SAP (the client is a data field, VBMANDT), so the key has no MANDT
  vbmandt    varchar(3)     NOT NULL DEFAULT '100',
  vbdatlen   integer        NOT NULL DEFAULT 0,
  PRIMARY KEY (vbkey, vbmodcnt, vbblknr)
);
