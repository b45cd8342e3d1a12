// npm run import:wholesalers -- FILE [--dry-run | --apply-safe]
// Imports wholesalers from a CSV (comma or tab separated) or JSON file with the admin form's fields
// (name, category, siteUrl or website, contact, logoUrl or image, summary), by the same rules as
// /admin/import (docs/spec/decisions.md 22). Prints one line per row (추가, 변경, 검토 필요, 중복, 오류 and the
// reason), then applies:
//   (no flag)     추가 and 변경 rows, and 검토 필요 rows as 검토 대기 (never published);
//   --apply-safe  only the rows judged safe (추가, and 변경 rows that replace nothing curated), what the web preview
//                 ticks by default;
//   --dry-run     nothing.
// Neither writes a curated value (a written 요약, a term or 연락처 of a listing whose supplier keeps its terms,
// marked `*` below): only /admin/import, where each such change has a box of its own, replaces one.
// Then prints the report: added, changed, sent to review, skipped, refused. Running the same file again
// changes nothing.
import fs from "node:fs";
import { applyImport, type ImportReport, previewImport } from "#app/features/supplier-import/wholesaler-import.server.ts";
import {
  decodeImportBytes,
  MAX_IMPORT_BYTES,
  parseImportText,
  tooLargeMessage,
} from "#app/features/supplier-import/wholesaler-import-file.ts";
import type { ImportPlan } from "#app/features/supplier-import/wholesaler-import-plan.ts";
import { COMMAND_LINE_ACTOR } from "#app/features/wholesalers/wholesaler-history.server.ts";
import { runScript, withDatabase } from "./with-database.ts";

const USAGE = "사용법: npm run import:wholesalers -- <파일.csv|파일.json> [--dry-run | --apply-safe]";

function printRows(plan: ImportPlan) {
  for (const row of plan.rows) {
    const category = row.categoryFrom ? ` [${row.category} ← ${row.categoryFrom}]` : "";
    const changes = row.changes.map((c) => `${c.curated ? "*" : ""}${c.label} ${c.before || "(비어 있음)"} → ${c.after}`).join(", ");
    const reasons = [...row.reasons, changes].filter(Boolean).join(" ");
    console.log(
      `  ${row.status.padEnd(5, " ")} ${row.row}행 ${row.name || "(이름 없음)"} (${row.siteUrl || "주소 없음"})${category}${reasons ? `: ${reasons}` : ""}`,
    );
  }
  const { counts } = plan;
  console.log(
    `행별 판정: 추가 ${counts.추가}, 변경 ${counts.변경}, 검토 필요 ${counts["검토 필요"]}, 중복 ${counts.중복}, 오류 ${counts.오류} (모두 ${plan.rows.length}행)`,
  );
}

function printReport(report: ImportReport) {
  console.log(
    `가져오기를 마쳤습니다. ${report.total}행 중 추가 ${report.added}곳, 변경 ${report.changed}곳, 검토 대기 ${report.review}곳, 건너뜀 ${report.skipped}곳, 오류 ${report.refused}곳.`,
  );
  if (report.review > 0) console.log("검토 대기 도매처는 공개되지 않았습니다. 관리자 화면 /admin/review 에서 확인해 주세요.");
}

runScript(async () => {
  const args = process.argv.slice(2);
  const dryRun = args.includes("--dry-run");
  const safeOnly = args.includes("--apply-safe");
  const unknown = args.filter((arg) => arg.startsWith("--") && arg !== "--dry-run" && arg !== "--apply-safe");
  const file = args.find((arg) => !arg.startsWith("--"));
  if (!file || unknown.length || (dryRun && safeOnly)) throw new Error(USAGE);
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    throw new Error(`파일을 열 수 없습니다: ${file}`);
  }
  if (size > MAX_IMPORT_BYTES) throw new Error(tooLargeMessage());
  const decoded = decodeImportBytes(new Uint8Array(fs.readFileSync(file)));
  if (!decoded.ok) throw new Error(decoded.error);
  const parsed = parseImportText(decoded.text, file);
  if (!parsed.ok) throw new Error(parsed.error);
  if (parsed.ignoredColumns.length) console.log(`알 수 없는 열은 무시합니다: ${parsed.ignoredColumns.join(", ")}`);

  await withDatabase(async () => {
    if (dryRun) {
      console.log("미리 보기 (저장하지 않음):");
      printRows(await previewImport(parsed.rows));
      return;
    }
    const { plan, report } = await applyImport(parsed.rows, safeOnly ? "safe" : "all", COMMAND_LINE_ACTOR);
    printRows(plan);
    printReport(report);
  });
});
