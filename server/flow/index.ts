// What other domains may use of flow/ (lint: a domain imports another only through its index.ts).
export { insertDeployment, insertModel } from './repositories/flow-models';
