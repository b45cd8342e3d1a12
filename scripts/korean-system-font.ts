import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PRETENDARD_OTF = fileURLToPath(new URL("../node_modules/pretendard/dist/public/static", import.meta.url));

/**
 * A fontconfig file that gives a launched Chromium a Korean system font, as every phone and desktop a seller
 * uses has (the test machines have none): the machine's own configuration plus Pretendard's OTF files from the
 * npm package. Pass its path as FONTCONFIG_FILE in the browser's environment. The journeys of ADR 0038 and the
 * Lighthouse bench use it to see a page as a phone does; without it they see a machine with no Korean font.
 */
let written: string | undefined;

/** Written once per process (fontconfig keeps its cache beside it): every browser launched after reuses it. */
export function koreanSystemFontConfig(): string {
  if (written) return written;
  if (!fs.existsSync(PRETENDARD_OTF)) throw new Error(`Pretendard's OTF files are missing: ${PRETENDARD_OTF}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "korean-system-font-"));
  const file = path.join(dir, "fonts.conf");
  fs.writeFileSync(
    file,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${PRETENDARD_OTF}</dir>
  <cachedir>${path.join(dir, "cache")}</cachedir>
</fontconfig>
`,
  );
  written = file;
  return file;
}
