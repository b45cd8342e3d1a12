import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { SPECULATION_RULES, SpeculationRules } from "./speculation-rules.tsx";

type Rule = { where: { and: [{ href_matches: string }, { not: { href_matches: string[] } }, unknown] }; eagerness: string };

test("prerender on hover or pointer-down, never logout, admin, write pages or a supplier's page (its view would not count)", () => {
  const rules = JSON.parse(SPECULATION_RULES) as { prerender: Rule[] };
  expect(rules.prerender).toHaveLength(1);
  const [rule] = rules.prerender;
  expect(rule?.eagerness).toBe("moderate");
  expect(rule?.where.and[0]).toEqual({ href_matches: "/*" });
  const never = rule?.where.and[1].not.href_matches ?? [];
  for (const path of ["/logout", "/admin", "/admin/*", "/add", "/edit/*", "/account", "/wholesaler/*", "/login", "/signup"]) {
    expect(never, path).toContain(path);
  }
});

test("the rules are a nonced script of JSON text that cannot close its tag", () => {
  const html = renderToStaticMarkup(<SpeculationRules nonce="abc" />);
  expect(html).toMatch(/^<script type="speculationrules" nonce="abc">\{"prerender":/);
  expect(html.slice(0, -"</script>".length)).not.toMatch(/<\/script/i);
  expect(JSON.parse(html.replace(/^<script[^>]*>/, "").replace(/<\/script>$/, ""))).toEqual(JSON.parse(SPECULATION_RULES));
});
