import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { JsonLd, serializeJsonLd } from "#app/components/json-ld.tsx";
import { NonceContext } from "#app/lib/nonce.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

test("JSON-LD cannot close its script tag, whatever the title says, and carries the page's nonce", () => {
  const data = { headline: '</script><script>alert("x")</script> & <!--', note: "줄\u2028바꿈" };
  const json = serializeJsonLd(data);
  expect(json).not.toMatch(/[<>&\u2028]/);
  expect(JSON.parse(json)).toEqual(data);
  const html = renderToStaticMarkup(
    <NonceContext.Provider value="abc123">
      <JsonLd data={data} />
    </NonceContext.Provider>,
  );
  expect(html).toBe(`<script type="application/ld+json" nonce="abc123">${json}</script>`);
  expect(html.match(/<\/script>/g)).toHaveLength(1);
});
