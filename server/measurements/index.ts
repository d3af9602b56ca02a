// What other domains may use of measurements/ (lint: a domain imports another only through its index.ts). Nothing yet: its routes are registered by app.ts.
export {};
