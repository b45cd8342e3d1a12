import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * PGlite has no protection against two processes opening the same folder, and a second one silently
 * loses the first one's commits. A lock file created with O_EXCL makes the second process stop instead.
 *
 * The file names its holder by host name, boot id and pid, because a pid alone tells nothing apart across
 * containers: two containers on one volume are both pid 1, and each would take the other's lock as its own
 * left-over. A lock of this host and boot whose process no longer runs (kill -9, or this container's own
 * previous run, pid 1 again) is taken over, and so is one from before the machine's last boot; a lock of
 * another host (another container) is refused, since its process cannot be looked at from here.
 */
type Holder = { pid: number; host: string; bootId: string };

function bootId() {
  try {
    return fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return "";
  }
}

function thisProcess(): Holder {
  return { pid: process.pid, host: os.hostname(), bootId: bootId() };
}

/** The holder a lock file names; a bare pid (the format before host names) is a holder on this host. */
function holderOf(text: string, self: Holder): Holder {
  try {
    const parsed = JSON.parse(text) as Partial<Holder> | number;
    if (typeof parsed === "number") return { ...self, pid: parsed };
    return { pid: Number(parsed.pid), host: String(parsed.host ?? ""), bootId: String(parsed.bootId ?? "") };
  } catch {
    return { ...self, pid: 0 };
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, "server.lock");
  const self = thisProcess();
  const content = JSON.stringify(self);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, content, { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, "utf8") === content) fs.unlinkSync(file);
        } catch {}
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = holderOf(fs.readFileSync(file, "utf8"), self);
      const rebootedSince = owner.bootId !== "" && self.bootId !== "" && owner.bootId !== self.bootId;
      if (!rebootedSince && owner.host !== self.host) {
        throw new Error(
          `DATA_DIR "${dataDir}" is already in use by process ${owner.pid} on host ${owner.host}; if that container or machine is gone, delete ${file}. ` +
            `이 데이터 폴더(DATA_DIR)는 다른 호스트(${owner.host})의 서버가 사용 중입니다.`,
        );
      }
      if (!rebootedSince && owner.pid && owner.pid !== self.pid && isAlive(owner.pid)) {
        throw new Error(
          `DATA_DIR "${dataDir}" is already in use by process ${owner.pid}. 이 데이터 폴더(DATA_DIR)는 다른 서버(pid ${owner.pid})가 사용 중입니다.`,
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
