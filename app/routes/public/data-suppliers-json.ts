import { openDataAnswer } from "#app/features/open-data/open-data-files.server.ts";

/** /data/suppliers.json: the published suppliers' public facts (docs/decisions/0053), made once per 10 minutes, streamed. */
export function loader() {
  return openDataAnswer("json");
}
