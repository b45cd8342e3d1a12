import { expect, test } from "vitest";
import { fileHasCode, metaCodesOf, pageHasMetaCode } from "./claim-proof.ts";

const CODE = "domaeon-0123456789abcdef0123456789abcdef";
const tag = `<meta name="domaeon-site-verification" content="${CODE}">`;

test("the meta tag counts in the head, whatever the quoting, case or attribute order", () => {
  for (const head of [
    tag,
    `<META NAME="Domaeon-Site-Verification" CONTENT="${CODE}" />`,
    `<meta content='${CODE}' name='domaeon-site-verification'>`,
    `<meta name=domaeon-site-verification content=${CODE}>`,
  ]) {
    expect(pageHasMetaCode(`<html><head><title>x</title>${head}</head><body></body></html>`, CODE), head).toBe(true);
  }
  // A page without </head> whose <body> starts: the head ends there.
  expect(pageHasMetaCode(`<html><head>${tag}<body>text`, CODE)).toBe(true);
});

test("the code anywhere else proves nothing", () => {
  for (const page of [
    `<html><head></head><body>${tag}</body></html>`,
    `<html><head><!-- ${tag} --></head></html>`,
    `<html><head><!-- unclosed ${tag}</head></html>`,
    `<html><head><script>document.write('${tag}')</script></head></html>`,
    `<html><head><noscript>${tag}</noscript></head></html>`,
    `<html><head><title>${tag}</title></head></html>`,
    `<html><head><style>/* ${tag} */</style></head></html>`,
    `<html><head><meta name="domaeon-site-verification-other" content="${CODE}"></head></html>`,
    `<html><head><meta property="domaeon-site-verification" content="${CODE}"></head></html>`,
    `<html><head><meta name="domaeon-site-verification" content="${CODE}x"></head></html>`,
    `${CODE}`,
  ]) {
    expect(pageHasMetaCode(page, CODE), page).toBe(false);
  }
  expect(metaCodesOf(`<head>${tag}<meta name="domaeon-site-verification" content="other"></head>`)).toEqual([CODE, "other"]);
});

test("the file is the code alone (spaces, line ends and a byte-order mark around it are fine)", () => {
  expect(fileHasCode(CODE, CODE)).toBe(true);
  expect(fileHasCode(`\uFEFF${CODE}\r\n`, CODE)).toBe(true);
  expect(fileHasCode(`code: ${CODE}`, CODE)).toBe(false);
  expect(fileHasCode(`${CODE}\n${CODE}`, CODE)).toBe(false);
  expect(fileHasCode("", CODE)).toBe(false);
});
