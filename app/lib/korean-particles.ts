/**
 * Korean particles chosen by the word's last sound: a final consonant (받침) takes 을/은/이, none takes
 * 를/는/가. A Hangul syllable tells by its code point; a Latin letter or digit by how it is read
 * (`B2B` ends in 비: 를; `aT` ends in 티: 를; `Mall` ends in ㄹ: 을).
 */
export function hasFinalConsonant(word: string): boolean {
  const last = word.trim().at(-1) ?? "";
  const code = last.charCodeAt(0) - 0xac00;
  if (code >= 0 && code <= 11171) return code % 28 !== 0;
  // Letters and digits read with a final consonant: l, m, n, r (엘, 엠, 엔, 알) and 0, 1, 3, 6, 7, 8 (영, 일, 삼, 육, 칠, 팔).
  return /[LMNRlmnr013678]$/.test(word.trim());
}

/** `도매꾹` → `도매꾹을`, `도매매` → `도매매를`. */
export function withObjectParticle(word: string): string {
  return `${word}${hasFinalConsonant(word) ? "을" : "를"}`;
}

/** `도매` → `도매로`, `옷` → `옷으로`, `가을` → `가을로` (a final ㄹ takes 로, as no final consonant does). */
export function withDirectionParticle(word: string): string {
  const code = (word.trim().at(-1) ?? "").charCodeAt(0) - 0xac00;
  const finalRieul = code >= 0 && code <= 11171 && code % 28 === 8;
  return `${word}${hasFinalConsonant(word) && !finalRieul ? "으로" : "로"}`;
}
