import { clearRateLimit, hitRateLimit, isRemembered, releaseRateLimit, rememberKey } from "#app/platform/auth/rate-limit.server.ts";

/**
 * How many passwords may be tried against one account, and from where (issue #17, issue #28 item 4,
 * docs/decisions/0028). Every rule takes its slot in the shared `rate_limits` table with one atomic
 * upsert BEFORE the password is checked, so ten guesses sent at once are counted as ten, not as the
 * zero each of them saw when it started. A login that succeeds gives its slots back; so does an attempt
 * refused by a later rule, so the counts are the password checks that failed (or are under way).
 *
 * - per (account, client address): PAIR_FAILURES in PAIR_WINDOW; then that address is refused for that
 *   account, whatever password it sends next;
 * - per account, once it has seen ACCOUNT_HOT_FAILURES in an hour: an address that has already failed
 *   on it is refused; an address that has not gets one check at a time;
 * - per account, a ceiling of ACCOUNT_FAILURE_CEILING failures an hour (ASVS 4.0.3 2.2.1): past it
 *   only the account's known addresses are checked. A known address is one that signed in to the
 *   account (or reset its password from a mailed link) within KNOWN_ADDRESS_DAYS; a new address of the
 *   owner's gets in again through the password reset mail, which marks it known.
 *
 * Keys use the e-mail address as typed (lower-cased), whether or not it has an account, so no answer
 * says which addresses are registered.
 */
export const PAIR_FAILURES = 10;
const PAIR_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_HOT_FAILURES = 20;
export const ACCOUNT_FAILURE_CEILING = 100;
const ACCOUNT_WINDOW_MS = 60 * 60_000;
export const KNOWN_ADDRESS_DAYS = 30;

const pairKey = (email: string, address: string) => `login:fail:${email}:${address}`;
const accountKey = (email: string) => `login:account:${email}`;
const knownKey = (email: string, address: string) => `login:known:${email}:${address}`;

export type LoginSlot =
  | {
      refused: false;
      /** The account's failures in this hour, this attempt included (for the owner's notice). */
      accountFailures: number;
      /** After a correct password: the slots go back, the address's failures are forgiven and it becomes known. */
      succeeded: () => Promise<void>;
    }
  | { refused: true; reason: "address" | "account-hot" | "account-ceiling"; retryAfterSeconds: number };

export async function takeLoginSlot(email: string, address: string): Promise<LoginSlot> {
  const pair = pairKey(email, address);
  const account = accountKey(email);
  const [known, pairSlot] = await Promise.all([isRemembered(knownKey(email, address)), hitRateLimit(pair, PAIR_FAILURES, PAIR_WINDOW_MS)]);
  if (!pairSlot.allowed) {
    await releaseRateLimit(pair);
    return { refused: true, reason: "address", retryAfterSeconds: pairSlot.retryAfterSeconds };
  }
  const accountSlot = await hitRateLimit(account, ACCOUNT_FAILURE_CEILING, ACCOUNT_WINDOW_MS);
  // A known address is held only by its own (address, account) limit; its failures still count for the account.
  const refusal = known
    ? null
    : !accountSlot.allowed
      ? ("account-ceiling" as const)
      : accountSlot.count > ACCOUNT_HOT_FAILURES && pairSlot.count > 1
        ? ("account-hot" as const)
        : null;
  if (refusal) {
    await Promise.all([releaseRateLimit(pair), releaseRateLimit(account)]);
    const retryAfterSeconds = refusal === "account-ceiling" ? accountSlot.retryAfterSeconds : pairSlot.retryAfterSeconds;
    return { refused: true, reason: refusal, retryAfterSeconds };
  }
  return {
    refused: false,
    accountFailures: accountSlot.count,
    succeeded: async () => {
      await Promise.all([releaseRateLimit(account), rememberKnownAddress(email, address)]);
    },
  };
}

/**
 * Marks `address` as one the account's owner uses: after a successful login, and after a password
 * reset from a mailed link (whoever holds the mailbox is the owner). Its earlier failures are forgiven.
 */
export async function rememberKnownAddress(email: string, address: string) {
  await Promise.all([rememberKey(knownKey(email, address), KNOWN_ADDRESS_DAYS * 86_400_000), clearRateLimit(pairKey(email, address))]);
}
