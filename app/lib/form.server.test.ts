import { expect, test } from "vitest";
import { z } from "zod";
import { BODY_LIMITS, bodyClassOf, bodyLimitFor } from "./body-limits.ts";
import { formFailure, readForm, validateForm } from "./form.server.ts";
import { httpUrl, multiLine, singleLine, wholeNumber, wonAmount } from "./form-fields.ts";
import { failureOf, inputHints } from "./form-kit.ts";
import { parseIdParam, parsePageParam } from "./url-params.ts";

const post = (body: BodyInit | null, headers: Record<string, string> = {}, path = "/add") =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    body,
    headers,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, text: await error.text() };
    throw error;
  }
  throw new Error("expected a refusal");
}

test("readForm reads urlencoded and multipart forms", async () => {
  const urlencoded = await readForm(post(new URLSearchParams({ name: "도매꾹", tag: "a" })));
  expect(urlencoded.get("name")).toBe("도매꾹");
  const multipart = new FormData();
  multipart.set("name", "오너클랜");
  expect((await readForm(new Request("http://localhost/add", { method: "POST", body: multipart }))).get("name")).toBe("오너클랜");
});

test("readForm refuses other content types with 415, a missing boundary too, and reads an empty POST as an empty form", async () => {
  expect(await refusal(readForm(post(JSON.stringify({ a: 1 }), { "content-type": "application/json" })))).toMatchObject({ status: 415 });
  expect(await refusal(readForm(post("a=1", { "content-type": "text/plain" })))).toMatchObject({ status: 415 });
  expect(await refusal(readForm(post("--x\r\n", { "content-type": "multipart/form-data" })))).toMatchObject({ status: 415 });
  expect([...(await readForm(post(null))).keys()]).toEqual([]);
});

test("readForm refuses a body over the page's limit by its declared length and by counting a chunked one (413)", async () => {
  const big = "x".repeat(BODY_LIMITS.auth + 1);
  const declared = await refusal(readForm(post(`email=${big}`, { "content-type": "application/x-www-form-urlencoded" }, "/login")));
  expect(declared.status).toBe(413);
  expect(declared.text).toContain("너무 큽니다");
  let pulls = 0;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls++;
      controller.enqueue(new Uint8Array(4096).fill(97));
    },
  });
  const chunked = await refusal(readForm(post(endless, { "content-type": "application/x-www-form-urlencoded" }, "/login")));
  expect(chunked.status).toBe(413);
  // It stopped soon after the limit instead of reading on.
  expect(pulls * 4096).toBeLessThan(BODY_LIMITS.auth + 3 * 4096);
});

test("readForm answers a malformed multipart body with 400, not an error", async () => {
  const broken = await refusal(readForm(post("garbage without parts", { "content-type": "multipart/form-data; boundary=abc" })));
  expect(broken.status).toBe(400);
});

test("body limits: small for sign-in, large classes only with a session cookie", () => {
  expect(bodyClassOf("/login.data")).toBe("auth");
  expect(bodyClassOf("/admin/import")).toBe("upload");
  expect(bodyClassOf("/admin/sellernote-edit/3")).toBe("note");
  expect(bodyClassOf("/products")).toBe("form");
  expect(bodyLimitFor("/admin/import", null)).toBe(BODY_LIMITS.form);
  expect(bodyLimitFor("/admin/import", "user")).toBe(BODY_LIMITS.form);
  expect(bodyLimitFor("/admin/import", "admin")).toBe(BODY_LIMITS.upload);
  // The evidence forms of one supplier take a picture from any signed-in account, nobody else.
  expect(bodyClassOf("/wholesaler/12/review.data")).toBe("evidence");
  expect(bodyClassOf("/wholesaler/12/terms-report")).toBe("evidence");
  expect(bodyClassOf("/wholesaler/12/report")).toBe("form");
  expect(bodyClassOf("/wholesaler/abc/review")).toBe("form");
  expect(bodyLimitFor("/wholesaler/12/review", null)).toBe(BODY_LIMITS.form);
  expect(bodyLimitFor("/wholesaler/12/review", "user")).toBe(BODY_LIMITS.evidence);
  // The claim page takes a 사업자등록증 (10 MB) from a signed-in account, nobody else.
  expect(bodyClassOf("/wholesaler/12/claim.data")).toBe("document");
  expect(bodyLimitFor("/wholesaler/12/claim", null)).toBe(BODY_LIMITS.form);
  expect(bodyLimitFor("/wholesaler/12/claim", "user")).toBe(BODY_LIMITS.document);
  expect(BODY_LIMITS.document).toBeGreaterThan(10 * 1024 * 1024);
});

const schema = z.object({
  name: singleLine({ max: 10, tooLong: "이름은 10자 이하로 입력해 주세요.", required: "이름을 입력해 주세요." }),
  summary: multiLine({ max: 20, tooLong: "요약이 너무 깁니다." }),
  site: httpUrl("사이트 URL", { addMissingScheme: true }),
  price: wonAmount("가격"),
  minOrder: wholeNumber("최소 주문 수량", { min: 1 }),
  tags: z.array(z.enum(["api", "excel"], { error: "알 수 없는 값입니다." })),
});

function formOf(entries: [string, string][]) {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return form;
}

test("validateForm reads only the schema's fields, repeated fields as lists, and cleans text", () => {
  const result = validateForm(
    formOf([
      ["name", " 도매\u0000꾹 "],
      ["summary", "첫 줄\n둘째\u0007 줄"],
      ["site", "domeggook.com"],
      ["price", "12,000원"],
      ["minOrder", "1"],
      ["tags", "api"],
      ["tags", "excel"],
      ["role", "admin"],
    ]),
    schema,
  );
  expect(result).toEqual({
    ok: true,
    data: { name: "도매 꾹", summary: "첫 줄\n둘째 줄", site: "https://domeggook.com/", price: 12000, minOrder: 1, tags: ["api", "excel"] },
    values: {
      name: " 도매\u0000꾹 ",
      summary: "첫 줄\n둘째\u0007 줄",
      site: "domeggook.com",
      price: "12,000원",
      minOrder: "1",
      tags: ["api", "excel"],
    },
  });
});

test("validateForm answers with each field's first problem and what was typed", () => {
  const result = validateForm(
    formOf([
      ["site", "javascript:alert(1)"],
      ["price", "-5"],
      ["minOrder", "0"],
      ["tags", "fax"],
    ]),
    schema,
  );
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.errors).toEqual({
    name: "이름을 입력해 주세요.",
    site: "사이트 URL은 http:// 또는 https://로 시작하는 주소여야 합니다.",
    price: "가격은 0원 이상이어야 합니다.",
    minOrder: "최소 주문 수량은 1 이상이어야 합니다.",
    tags: "알 수 없는 값입니다.",
  });
  expect(result.message).toBe("이름을 입력해 주세요.");
  expect(result.values.site).toBe("javascript:alert(1)");
});

test("formFailure is the one failure shape, with status 400 by default", () => {
  const answer = formFailure("등록 실패: 이름을 입력해 주세요.", { errors: { name: "이름을 입력해 주세요." }, values: { name: "" } });
  expect(answer.init?.status).toBe(400);
  expect(failureOf(answer.data)).toEqual({
    ok: false,
    message: "등록 실패: 이름을 입력해 주세요.",
    errors: { name: "이름을 입력해 주세요." },
    values: { name: "" },
  });
  expect(failureOf({ ok: true })).toBeNull();
});

test("pages read required and maxLength off the same schema", () => {
  expect(inputHints(schema, "name")).toEqual({ required: true, maxLength: 10 });
  expect(inputHints(schema, "site")).toEqual({ maxLength: 2048, inputMode: "url" });
  expect(inputHints(schema, "price")).toEqual({ inputMode: "numeric" });
});

test("id and page parameters: one rule each", () => {
  expect(parseIdParam("12")).toBe(12);
  for (const bad of [
    "0",
    "012",
    "-1",
    "1.5",
    "1e3",
    "",
    " 1",
    "2147483648",
    "99999999999",
    "abc",
    "1;DROP TABLE products",
    undefined,
    null,
    7,
  ])
    expect(parseIdParam(bad)).toBeNull();
  expect(parsePageParam("3")).toBe(3);
  for (const odd of ["0", "007", "-2", "abc", "9999999", "", null]) expect(parsePageParam(odd)).toBe(1);
});
