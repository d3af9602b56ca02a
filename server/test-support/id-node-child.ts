// A second server process for db/id-node.test.ts: opens the database as a server does, answers on
// stdout the id node it holds and ids it made, then closes (its node is free again).
import { openDatabase } from '../db/open';
import { currentIdNode, newId } from '../db/ids';

const opened = await openDatabase({ databaseUrl: process.argv[2] });
const at = Number(process.argv[3]);
const ids = Array.from({ length: 200 }, () => newId(at));
process.stdout.write(JSON.stringify({ node: currentIdNode(), ids }));
await opened.close();
