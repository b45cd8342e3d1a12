/**
 * The sign-up's required consent checkbox (ui-contract "Smaller changes"): its field name and the
 * refusal, in a module of their own so the page can name them without pulling in the zod schemas.
 */
export const CONSENT_FIELD = "agreeTerms";
export const CONSENT_REQUIRED = "약관에 동의해 주세요.";
