// The schema pieces the routes share live in the contract (src/shared/contract/pieces.ts), which the
// web app's src/api reads too; routes keep importing them from here.
export * from '../../src/shared/contract/pieces';
