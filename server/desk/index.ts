// What other domains may use of desk/ (lint: a domain imports another only through its index.ts).
