// What other domains may use of users/ (lint: a domain imports another only through its index.ts).
export { generatedPassword } from './services/user-admin-passwords';
