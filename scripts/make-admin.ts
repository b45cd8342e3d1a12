// npm run admin -- <email>: gives an existing account the admin role.
import { promoteToAdmin } from "#app/features/users/users.server.ts";
import { runScript, withDatabase } from "./with-database.ts";

runScript(async () => {
  const email = process.argv[2];
  if (!email) throw new Error("사용법: npm run admin -- <email>");
  const done = await withDatabase(() => promoteToAdmin(email));
  if (!done) throw new Error(`${email}: 가입된 계정이 없습니다. 먼저 회원가입한 뒤 다시 실행해 주세요.`);
  console.log(`${email} 계정을 관리자로 지정했습니다.`);
});
