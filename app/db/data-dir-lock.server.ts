import fs from "node:fs";
import path from "node:path";

/**
 * PGlite has no protection against two processes opening the same folder, and a second one silently
 * loses the first one's commits. A pid file created with O_EXCL makes the second process stop instead.
 * A lock left by a process that no longer runs (kill -9) is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {}
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(file, "utf8"));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `DATA_DIR "${dataDir}" is already in use by process ${owner}. 이 데이터 폴더(DATA_DIR)는 다른 서버(pid ${owner})가 사용 중입니다.`,
        );
      }
      fs.unlinkSync(file);
    }
  }
  throw new Error(`Could not lock DATA_DIR "${dataDir}". 데이터 폴더를 잠글 수 없습니다.`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
