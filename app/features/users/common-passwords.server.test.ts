import { afterEach, expect, test, vi } from "vitest";
import { isCommonPassword, keyboardForm, romanised } from "./common-passwords.server.ts";

/**
 * The password check (docs/decisions/0042). The weak ones are issue #41's: an outside attack made an account with
 * `aaaaaaaa`, and 22 of its 35 weak candidates passed the old exact look-up in a list.
 */
const WEAK = {
  "one character repeated": ["aaaaaaaa", "zzzzzzzz", "ㅁㅁㅁㅁㅁㅁㅁㅁ", "00000000", "!!!!!!!!!!"],
  "a short unit repeated": ["abcabcabc", "ababab12", "12121212", "도매온도매온", "qwe123qwe123"],
  "keyboard runs, the symbol row and 두벌식": [
    "qwer!@#$",
    "!@#$%^&*",
    "qwer1234",
    "1q2w3e4r!",
    "asdfghjk",
    "ㅂㅈㄷㄱㅅㅛ12",
    "ㅁㄴㅇㄹ1234",
  ],
  "alphabet and 가나다 order": [
    "abcdefgh",
    "가나다라마바사아",
    "ㄱㄴㄷㄹㅁㅂㅅㅇ",
    "아야어여오요우유",
    "가나다라1234",
    "zyxwvuts",
    "12345678",
  ],
  "the site's name": ["domaeon123", "도매온1234", "ehaodhs12!", "Domaeon2026"],
  "listed words with digits or symbols around them, l33t": [
    "Password1!",
    "admin1234",
    "P@ssw0rd2024",
    "!iloveyou!",
    "monkey123456",
    "dragon!!2025",
    "!!dragon2025",
    "2024sunshine!",
  ],
  "Korean words typed in English mode, and names": [
    "wnsgud12",
    "tkfkdgo1",
    "gkdlfk12",
    "dkssudgktpdy",
    "사랑해1234",
    "rlawnsgud1",
    "rlawnsgud1990!",
    "saranghae12",
    "qkrwlsdn!",
  ],
};

const REASONABLE = [
  "도매처찾기2026!",
  "k8#Lm2$vQx",
  "sunflower-river-42",
  "correct-horse-9",
  "brand-new-horse",
  "우리 동네 도매 골목 7번지",
  "xk3hq9pz",
  "Gj7!mQz2",
  "여름바다수영장7",
  "mango-tree-77",
  "a-rarer-choice-7",
  "Hj4$-tower-lamp",
  "늦가을#단풍길2",
];

test.each(Object.entries(WEAK))("refused: %s", async (_kind, passwords) => {
  for (const password of passwords) expect(await isCommonPassword(password), password).toBe(true);
});

test("reasonable passwords pass, Korean ones too", async () => {
  for (const password of REASONABLE) expect(await isCommonPassword(password), password).toBe(false);
});

afterEach(() => {
  vi.unstubAllEnvs();
});

test("the host of PUBLIC_URL counts as known", async () => {
  vi.stubEnv("PUBLIC_URL", "https://www.vexlomart.kr");
  expect(await isCommonPassword("vexlomart1!")).toBe(true);
  expect(await isCommonPassword("www.vexlomart.kr")).toBe(true);
  vi.stubEnv("PUBLIC_URL", "https://www.example.com");
  expect(await isCommonPassword("vexlomart1!")).toBe(false);
});

test("the account's own address counts as known", async () => {
  expect(await isCommonPassword("jihoon.baek88!", "jihoon.baek@example.com")).toBe(true);
  expect(await isCommonPassword("jihoon.baek88!", "someone@example.com")).toBe(false);
});

test("a long password is judged by its start: a weak start is refused, a strong one is enough", async () => {
  expect(await isCommonPassword(`${"a".repeat(30)}k8#Lm2$vQx`)).toBe(true);
  expect(await isCommonPassword(`k8#Lm2$vQx${"a".repeat(118)}`)).toBe(false);
  expect(await isCommonPassword("1a!e3o0s$".repeat(14).slice(0, 128))).toBe(false);
});

test("the keyboard form is what 두벌식 types in English mode; names are romanised syllable by syllable", () => {
  expect(keyboardForm("사랑해")).toBe("tkfkdgo");
  expect(keyboardForm("준형")).toBe("wnsgud");
  expect(keyboardForm("안녕하세요")).toBe("dkssudgktpdy");
  expect(keyboardForm("ㅂㅈㄷㄱ쇼ㅕ")).toBe("qwertyu");
  expect(keyboardForm("닭값 꽉")).toBe("ekfrrkqt Rhkr");
  expect(keyboardForm("abc!")).toBe("abc!");
  expect(romanised("민준")).toBe("minjun");
  expect(romanised("서연")).toBe("seoyeon");
  expect(romanised("민준1")).toBeNull();
});
