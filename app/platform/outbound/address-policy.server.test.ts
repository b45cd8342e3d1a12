import { afterEach, expect, test } from "vitest";
import { allowedCorpus, blockedCorpus, corpusAvailable, setAllowHosts, stubResolver } from "#tests/network.ts";
import { checkUrlPolicy, isPublicAddress, UnsafeUrlError } from "./address-policy.server.ts";
import { checkedLookup } from "./safe-fetch.server.ts";

afterEach(() => setAllowHosts(""));

function reason(url: string) {
  try {
    checkUrlPolicy(url);
    return "allowed";
  } catch (error) {
    if (error instanceof UnsafeUrlError) return error.reason;
    throw error;
  }
}

test.each([
  ["127.0.0.1", false],
  ["10.0.0.1", false],
  ["172.16.0.1", false],
  ["192.168.1.1", false],
  ["100.64.0.1", false],
  ["169.254.169.254", false],
  ["0.0.0.0", false],
  ["255.255.255.255", false],
  ["224.0.0.1", false],
  ["192.0.0.192", false],
  ["::1", false],
  ["::", false],
  ["::ffff:127.0.0.1", false],
  ["::ffff:169.254.169.254", false],
  ["::7f00:1", false],
  ["::1.1.1.1", false],
  ["64:ff9b::7f00:1", false],
  ["64:ff9b::a9fe:a9fe", false],
  ["2002:7f00:1::", false],
  ["2002:c0a8:101::", false],
  ["fd00:ec2::254", false],
  ["fc00::1", false],
  ["fe80::1", false],
  ["ff02::1", false],
  ["2001:db8::1", false],
  ["2001::1", false],
  ["not-an-ip", false],
  ["0x7f.1", false],
  ["1.1.1.1", true],
  ["93.184.216.34", true],
  ["::ffff:1.1.1.1", true],
  ["64:ff9b::101:101", true],
  ["2606:4700:4700::1111", true],
  ["2404:6800:4004:80a::200e", true],
])("isPublicAddress(%s) is %s", (address, expected) => {
  expect(isPublicAddress(address)).toBe(expected);
});

test("the parsed host is classified, so every spelling of 127.0.0.1 is refused", () => {
  for (const url of [
    "http://017700000001/",
    "http://0/",
    "http://127.1/",
    "http://0x7f.1/",
    "http://2130706433/",
    "http://[::ffff:7f00:1]/",
    "http://[::7f00:1]/",
    "http://127。0。0。1/",
    "http://①②⑦.⓪.⓪.①/",
  ]) {
    expect(reason(url), url).toBe("address");
  }
});

test("scheme, credentials, port and local names are refused with their reason", () => {
  expect(reason("file:///etc/passwd")).toBe("scheme");
  expect(reason("javascript:alert(1)")).toBe("scheme");
  expect(reason("gopher://example.com/")).toBe("scheme");
  expect(reason("ftp://example.com/")).toBe("scheme");
  expect(reason("not a url")).toBe("invalid-url");
  expect(reason(`https://example.com/${"a".repeat(3000)}`)).toBe("invalid-url");
  expect(reason("http://user:pass@example.com/")).toBe("credentials");
  expect(reason("http://user@example.com/")).toBe("credentials");
  expect(reason("http://example.com:8080/")).toBe("port");
  expect(reason("https://example.com:80/")).toBe("port");
  expect(reason("http://localhost/")).toBe("host");
  expect(reason("http://a.localhost/")).toBe("host");
  expect(reason("http://metadata/")).toBe("host");
  expect(reason("http://metadata.google.internal/")).toBe("host");
  // Default ports written out are the same URL.
  expect(reason("http://example.com:80/")).toBe("allowed");
  expect(reason("https://shop.example.com:443/item?id=1")).toBe("allowed");
  expect(reason("http://1.1.1.1/")).toBe("allowed");
});

test("OUTBOUND_ALLOW_HOSTS lets exactly the listed hosts through, on any port", () => {
  expect(reason("http://127.0.0.1:4321/")).toBe("port");
  setAllowHosts("127.0.0.1, shop.test");
  expect(reason("http://127.0.0.1:4321/")).toBe("allowed");
  expect(reason("http://shop.test:4321/")).toBe("allowed");
  expect(reason("http://10.0.0.1/")).toBe("address");
  expect(reason("http://127.0.0.2/")).toBe("address");
  expect(reason("http://other.test:4321/")).toBe("port");
  // Credentials and schemes stay refused for listed hosts too.
  expect(reason("http://a:b@127.0.0.1:4321/")).toBe("credentials");
  expect(reason("ftp://127.0.0.1/")).toBe("scheme");
});

/** Literal addresses and schemes the policy refuses by itself, for when the shared corpora are not on this machine. */
const OWN_LITERAL_BLOCKED = [
  "http://127.0.0.1/",
  "http://017700000001/",
  "http://0x7f.1/",
  "http://127.1/",
  "http://0/",
  "http://[::1]/",
  "http://[::ffff:7f00:1]/",
  "http://[::7f00:1]/",
  "http://169.254.169.254/",
  "http://10.0.0.1/",
  "http://192.168.0.1/",
  "http://100.64.0.1/",
  "http://[fd00:ec2::254]/",
  "http://[64:ff9b::7f00:1]/",
  "gopher://example.com/",
  "file:///etc/passwd",
];

test("the literal-address and scheme rows of the corpora (or our own) are refused before DNS", () => {
  const literal = corpusAvailable()
    ? blockedCorpus().filter((row) => !/dns|localhost name/.test(row.source) && row.source.startsWith("encodings"))
    : OWN_LITERAL_BLOCKED.map((url) => ({ source: "own", url }));
  expect(literal.length).toBeGreaterThan(corpusAvailable() ? 150 : 10);
  for (const row of literal) expect(reason(row.url), row.url).not.toBe("allowed");
});

test("the public URLs of ssrf-req-filter's allowed list (or our own) pass the policy and their public DNS answers", async () => {
  const urls = corpusAvailable()
    ? allowedCorpus()
    : ["https://example.com/", "http://shop.example.co.kr/item?id=1", "https://www.domeggook.com/main/"];
  expect(urls.length).toBeGreaterThan(2);
  for (const url of urls) expect(reason(url), url).toBe("allowed");
  const lookup = checkedLookup(stubResolver(() => ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"]).resolve, false);
  for (const url of urls) {
    const address = await new Promise((resolve, reject) =>
      lookup(new URL(url).hostname, {}, (error, found) => (error ? reject(error) : resolve(found))),
    );
    expect(address).toBe("93.184.216.34");
  }
});
