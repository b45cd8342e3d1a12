/**
 * What the claim page tells a supplier and the server holds it to (ui-contract.md "Suppliers who run a listing"):
 * where the code goes, how long it lasts, how often `확인하기` may be pressed. Apart from the server code and the
 * reader (claim-proof.ts, which brings an HTML parser), so the page ships none of them.
 */
export const META_NAME = "domaeon-site-verification";
export const PROOF_FILE_PATH = "/domaeon-verification.txt";
export const CODE_DAYS = 7;
/** `확인하기` of one account for one listing, an hour. */
export const CHECKS_PER_HOUR = 10;
/** Every `확인하기` of an account, whatever the listing: each is a fetch toward a listed site, inside the request. */
export const ACCOUNT_CHECKS_PER_HOUR = 20;
