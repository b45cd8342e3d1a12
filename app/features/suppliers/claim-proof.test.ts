import { expect, test } from "vitest";
import { fileHasCode, metaCodesOf, pageHasMetaCode } from "./claim-proof.ts";

const CODE = "domaeon-0123456789abcdef0123456789abcdef";
const tag = `<meta name="domaeon-site-verification" content="${CODE}">`;
const bare = `<meta name=domaeon-site-verification content=${CODE}>`;

test("the meta tag counts in the head, whatever the quoting, case or attribute order", () => {
  for (const head of [
    tag,
    `<META NAME="Domaeon-Site-Verification" CONTENT="${CODE}" />`,
    `<meta content='${CODE}' name='domaeon-site-verification'>`,
    bare,
    `<meta name="domaeon-site-verification" content="domaeon-&#48;123456789abcdef0123456789abcdef">`,
  ]) {
    expect(pageHasMetaCode(`<html><head><title>x</title>${head}</head><body></body></html>`, CODE), head).toBe(true);
  }
});

test("the meta tag counts wherever a parser puts it in the head", () => {
  for (const page of [
    // A page without </head> whose <body> starts: the head ends there.
    `<html><head>${tag}<body>text`,
    // No <html> or <head> at all: the parser makes them, and the tag is in the head.
    `<!doctype html>${bare}<title>공급사몰</title><p>본문</p>`,
    // After a <noscript>, a script, a style and a template, which end where a browser ends them.
    `<html><head><noscript><link rel="stylesheet" href="/no-js.css"></noscript>${tag}</head><body></body></html>`,
    `<html><head><script>if (a < b) x = "</scr" + "ipt>";</script><style>a::before { content: "<" }</style><template><p>x</p></template>${tag}</head></html>`,
    // Between </head> and <body> a browser still puts a meta in the head.
    `<html><head><title>x</title></head>\n${tag}<body></body></html>`,
  ]) {
    expect(pageHasMetaCode(page, CODE), page).toBe(true);
  }
});

test("the code anywhere else proves nothing", () => {
  const cases: Record<string, string> = {
    "another tag's attribute": `<html><head><meta property="og:description" content='사업자 인증 ${bare} 완료'></head><body></body></html>`,
    "a link's title": `<html><head><link rel="icon" href="/f.ico" title='${tag}'></head></html>`,
    "an svg": `<html><head><svg><desc>${tag}</desc>${tag}</svg></head></html>`,
    "an xmp": `<html><head><xmp>${tag}</xmp></head></html>`,
    "an iframe's srcdoc": `<html><head><iframe srcdoc='<html><head>${tag}</head></html>'></iframe></head></html>`,
    "an iframe's text": `<html><head><iframe>${tag}</iframe></head></html>`,
    CDATA: `<html><head><![CDATA[${tag}]]></head></html>`,
    "CDATA in an svg": `<html><head><svg><![CDATA[${tag}]]></svg></head></html>`,
    // A browser ends the style at the first </style>: the rest is text, which ends the head.
    "the style trick": `<html><head><style>/* </style> */ ${tag}</head><body></body></html>`,
    "text before it, which ends the head": `<html><head>사업자 ${tag}</head></html>`,
    "an element the head cannot hold before it": `<html><head><div></div>${tag}</head></html>`,
    "a comment": `<html><head><!-- ${tag} --></head></html>`,
    "an unclosed comment": `<html><head><!-- unclosed ${tag}</head></html>`,
    "the body": `<html><head></head><body>${tag}</body></html>`,
    "a script": `<html><head><script>document.write('${tag}')</script></head></html>`,
    "a noscript (a browser runs scripts)": `<html><head><noscript>${tag}</noscript></head></html>`,
    "a title": `<html><head><title>${tag}</title></head></html>`,
    "a textarea": `<html><head><textarea>${tag}</textarea></head></html>`,
    "a template": `<html><head><template>${tag}</template></head></html>`,
    "another name": `<html><head><meta name="domaeon-site-verification-other" content="${CODE}"></head></html>`,
    "a property, not a name": `<html><head><meta property="domaeon-site-verification" content="${CODE}"></head></html>`,
    "another code": `<html><head><meta name="domaeon-site-verification" content="${CODE}x"></head></html>`,
    "the code alone": CODE,
  };
  for (const [name, page] of Object.entries(cases)) expect(pageHasMetaCode(page, CODE), name).toBe(false);
  expect(metaCodesOf(`<head>${tag}<meta name="domaeon-site-verification" content="other"></head>`)).toEqual([CODE, "other"]);
});

test("the file is the code alone (spaces, line ends and a byte-order mark around it are fine)", () => {
  expect(fileHasCode(CODE, CODE)).toBe(true);
  expect(fileHasCode(`\uFEFF${CODE}\r\n`, CODE)).toBe(true);
  expect(fileHasCode(`code: ${CODE}`, CODE)).toBe(false);
  expect(fileHasCode(`${CODE}\n${CODE}`, CODE)).toBe(false);
  expect(fileHasCode("", CODE)).toBe(false);
});
