// npm run import:wholesalers -- FILE [--dry-run]
// Imports wholesalers from a CSV or JSON file with the admin form's fields (name, category, siteUrl or
// website, contact, logoUrl or image, summary). Prints the preview (add / update / unchanged / refused
// with the reason), then applies it in one transaction; --dry-run stops after the preview. A supplier
// whose site host is already stored is updated, not added, so running the same file twice changes nothing.
import fs from "node:fs";
import { decodeImportBytes, MAX_IMPORT_BYTES, parseImportText, tooLargeMessage } from "#app/features/wholesalers/wholesaler-import-file.ts";
import { applyImport, type ImportPlan, previewImport } from "#app/features/wholesalers/wholesaler-import.server.ts";
import { runScript, withDatabase } from "./with-database.ts";

function report(plan: ImportPlan) {
  for (const { row, values } of plan.add) console.log(`  추가  ${row}행 ${values.name} (${values.siteUrl})`);
  for (const { row, name, changes } of plan.update) {
    console.log(`  수정  ${row}행 ${name}: ${changes.map((c) => `${c.label} ${c.before || "(비어 있음)"} → ${c.after}`).join(", ")}`);
  }
  for (const { row, name, reason } of plan.refused) console.log(`  제외  ${row}행 ${name || "(이름 없음)"}: ${reason}`);
  console.log(`추가 ${plan.add.length}곳, 수정 ${plan.update.length}곳, 변경 없음 ${plan.unchanged.length}곳, 제외 ${plan.refused.length}곳`);
}

runScript(async () => {
  const args = process.argv.slice(2);
  const dryRun = args.includes("--dry-run");
  const file = args.find((arg) => !arg.startsWith("--"));
  if (!file) throw new Error("사용법: npm run import:wholesalers -- <파일.csv|파일.json> [--dry-run]");
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
      report(await previewImport(parsed.rows));
      return;
    }
    const plan = await applyImport(parsed.rows);
    report(plan);
    console.log("가져오기를 마쳤습니다.");
  });
});
