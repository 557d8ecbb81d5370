-- Update request tables (category: vb): inserted by a dialog step's save, deleted by the V1 update.

CREATE TABLE vbhdr (           -- update request header
  vbkey    varchar(32) NOT NULL PRIMARY KEY,
  vbusr    varchar(12) NOT NULL,
  vbtcode  varchar(20) NOT NULL,
  vbdate   timestamp   NOT NULL,
  instance integer     NOT NULL,
  vbstate  char(1)     NOT NULL   -- P pending, E V1 failed (kept for analysis)
);

CREATE TABLE vbmod (           -- update modules of a request
  vbkey    varchar(32) NOT NULL,
  vbmodcnt integer     NOT NULL,
  vbfunc   varchar(40) NOT NULL,
  vbprio   char(1)     NOT NULL,  -- 1 = V1, 2 = V2
  PRIMARY KEY (vbkey, vbmodcnt)
);

CREATE TABLE vbdata (          -- update module payloads
  vbkey    varchar(32) NOT NULL,
  vbmodcnt integer     NOT NULL,
  vbblknr  integer     NOT NULL,
  vbdata   bytea       NOT NULL,
  PRIMARY KEY (vbkey, vbmodcnt, vbblknr)
);
