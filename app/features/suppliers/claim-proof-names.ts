/**
 * Where a supplier puts its claim code (ui-contract.md "Suppliers who run a listing"): the page shows them, the
 * server looks there. Apart from the reader (claim-proof.ts), which brings an HTML parser no page needs.
 */
export const META_NAME = "domaeon-site-verification";
export const PROOF_FILE_PATH = "/domaeon-verification.txt";
