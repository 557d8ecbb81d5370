'use strict';
/* experiment.html draws its forest plots as inline SVG on the server side; this only marks the page as rendered. */
SDB.finish();
