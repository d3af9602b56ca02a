// What other domains may use of dicts/ (lint: a domain imports another only through its index.ts).
