import http from "node:http";
import type net from "node:net";
import { registerRecordsFollowUp } from "#app/features/official-records/official-record-follow-up.server.ts";
import { type OfficialRecordSettings, registerOfficialRecords } from "#app/features/official-records/official-record-jobs.server.ts";
import { JobRunner } from "#app/platform/jobs/job-runner.server.ts";

/**
 * Stand-ins for the two registries of the official records (ui-contract.md "Official records"), as one real
 * HTTP server on 127.0.0.1: `POST /nts/status?serviceKey=…` (국세청 상태조회) and
 * `GET /ftc/getMllBsBiznoInfo_2?serviceKey=…&brno=…` (공정위 통신판매사업자), in the services' wire formats.
 * Each number answers what the test set for it (an unknown number is unregistered / has no 신고, as the real
 * services answer); `fault` makes a service misbehave in one of the ways the issue lists. Every call is
 * counted with the numbers asked and the key received. Used by the Vitest suites, the e2e journey (through
 * tests/e2e/stand-in-registry-server.ts) and the bench.
 */

export type NtsAnswer = { state: "01" | "02" | "03" | "unregistered"; taxTypeCode?: string; taxType?: string; endDt?: string };
export type FtcAnswer =
  | { found: false }
  | {
      found: true;
      mailOrderNumber: string;
      state: string;
      domains: string;
      dclrDate?: string;
      /** The 상호 (bzmnNm); left out unless given, so no test's supplier name meets a 상호 불일치 it did not ask for. */
      name?: string;
      extra?: Record<string, string>;
    };

export const FAULTS = [
  "500",
  "429",
  "html",
  "missing-fields",
  "extra-fields",
  "huge",
  "slow",
  "other-number",
  "items-object",
  "quota-xml",
  "endless",
  "long-fields",
] as const;
export type Fault = (typeof FAULTS)[number];

export type RegistryCall = { service: "nts" | "ftc"; numbers: string[]; key: string };

export type StandInRegistries = {
  port: number;
  ntsUrl: string;
  ftcUrl: string;
  /** `127.0.0.1:<port>`, for OUTBOUND_ALLOW_HOSTS. */
  allowHost: string;
  setNts: (number: string, answer: NtsAnswer) => void;
  setFtc: (number: string, answer: FtcAnswer) => void;
  fault: { nts: Fault | null; ftc: Fault | null };
  /** Unknown numbers: answered as the real services do (`unregistered`, no 신고), or as a 503 (`fail`). */
  unknown: "answer" | "fail";
  calls: RegistryCall[];
  reset: () => void;
  close: () => Promise<void>;
};

const TAX_TYPES: Record<string, string> = {
  "01": "부가가치세 일반과세자",
  "02": "부가가치세 간이과세자",
  "04": "부가가치세 면세사업자",
  "05": "수익사업을 영위하지 않는 비영리법인이거나 고유번호가 부여된 단체,국가기관 등",
};
const STATE_WORDS: Record<string, string> = { "01": "계속사업자", "02": "휴업자", "03": "폐업자" };

function ntsItem(number: string, answer: NtsAnswer | undefined) {
  if (!answer || answer.state === "unregistered") {
    return { b_no: number, b_stt: "", b_stt_cd: "", tax_type: "국세청에 등록되지 않은 사업자등록번호입니다.", tax_type_cd: "", end_dt: "" };
  }
  const taxTypeCode = answer.taxTypeCode ?? "01";
  return {
    b_no: number,
    b_stt: STATE_WORDS[answer.state],
    b_stt_cd: answer.state,
    tax_type: answer.taxType ?? TAX_TYPES[taxTypeCode] ?? "부가가치세 일반과세자",
    tax_type_cd: taxTypeCode,
    end_dt: answer.state === "03" ? (answer.endDt ?? "20261101") : "",
    utcc_yn: "N",
    tax_type_change_dt: "",
    invoice_apply_dt: "",
    rbf_tax_type: "해당없음",
    rbf_tax_type_cd: "99",
  };
}

function ftcItem(number: string, answer: Extract<FtcAnswer, { found: true }>) {
  return {
    prmmiYr: "2019",
    prmmiMnno: answer.mailOrderNumber,
    ctpvNm: "서울특별시",
    dclrInstNm: "서울특별시 강남구",
    operSttusCdNm: answer.state,
    corpYnNm: "개인",
    ...(answer.name ? { bzmnNm: answer.name } : {}),
    brno: number,
    domnCn: answer.domains,
    dclrDate: answer.dclrDate ?? "20190305",
    // What a registry may return about a person: never stored (spec decision 34).
    rprsvNm: "홍길동",
    rprsvEmladr: "hong@example.com",
    telno: "010-1234-5678",
    lctnRnAddr: "서울특별시 강남구 테헤란로 1",
    ...answer.extra,
  };
}

export async function startStandInRegistries({
  slowMs = 30_000,
  port: fixedPort = 0,
  other,
}: {
  slowMs?: number;
  /** 0 (a free port) everywhere but the e2e stand-in process, whose port the e2e server is told in advance. */
  port?: number;
  /** Requests for other paths (the e2e process's control endpoints). */
  other?: http.RequestListener;
} = {}): Promise<StandInRegistries> {
  const nts = new Map<string, NtsAnswer>();
  const ftc = new Map<string, FtcAnswer>();
  const held = new Set<http.ServerResponse>();
  const state: Pick<StandInRegistries, "fault" | "unknown" | "calls"> = { fault: { nts: null, ftc: null }, unknown: "answer", calls: [] };

  const json = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    response.end(JSON.stringify(body));
  };
  /** The faults both services share; true when one answered. */
  const misbehave = (fault: Fault | null, response: http.ServerResponse) => {
    switch (fault) {
      case "500":
        json(response, 500, { code: -5, msg: "server error" });
        return true;
      case "429":
        json(response, 429, { code: -429, msg: "too many requests" });
        return true;
      case "html":
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end("<!doctype html><html><head><title>점검 중</title></head><body>서비스 점검 중입니다.</body></html>");
        return true;
      case "quota-xml":
        response.writeHead(200, { "content-type": "text/xml; charset=utf-8" });
        response.end(
          "<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg><returnAuthMsg>LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR</returnAuthMsg><returnReasonCode>22</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>",
        );
        return true;
      case "huge": {
        // 10 MB of valid-looking JSON: the reader must stop at its cap.
        response.writeHead(200, { "content-type": "application/json" });
        response.write('{"status_code":"OK","data":[');
        const chunk = `${JSON.stringify({ b_no: "0000000000", b_stt: "계속사업자", b_stt_cd: "01", tax_type: "x".repeat(1000) })},`;
        let left = Math.ceil((10 * 1024 * 1024) / chunk.length);
        const pump = () => {
          while (left > 0 && !response.destroyed) {
            left -= 1;
            if (!response.write(chunk)) return void response.once("drain", pump);
          }
          if (!response.destroyed) response.end("]}");
        };
        pump();
        return true;
      }
      case "endless": {
        response.writeHead(200, { "content-type": "application/json" });
        const timer = setInterval(() => (response.destroyed ? clearInterval(timer) : response.write(" ".repeat(1024))), 20);
        response.on("close", () => clearInterval(timer));
        return true;
      }
      case "slow": {
        held.add(response);
        const timer = setTimeout(() => {
          held.delete(response);
          if (!response.destroyed) json(response, 200, { status_code: "OK", data: [] });
        }, slowMs);
        response.on("close", () => clearTimeout(timer));
        return true;
      }
      default:
        return false;
    }
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const key = url.searchParams.get("serviceKey") ?? "";
    if (request.method === "POST" && url.pathname === "/nts/status") {
      let body = "";
      request.setEncoding("utf8");
      request.on("data", (chunk: string) => {
        body += chunk;
      });
      request.on("end", () => {
        let numbers: string[] = [];
        try {
          numbers = (JSON.parse(body) as { b_no: string[] }).b_no;
        } catch {
          return json(response, 400, { code: -1, msg: "bad body" });
        }
        state.calls.push({ service: "nts", numbers, key });
        if (misbehave(state.fault.nts, response)) return;
        if (state.unknown === "fail" && numbers.some((number) => !nts.has(number))) return json(response, 503, { code: -5 });
        const fault = state.fault.nts;
        const data = numbers.map((number) => {
          const item: Record<string, unknown> = ntsItem(number, nts.get(number));
          if (fault === "missing-fields") delete item.b_stt_cd;
          if (fault === "extra-fields") item.p_nm = "홍길동";
          if (fault === "other-number") item.b_no = "1234567891";
          // A kept field far longer than any real one (the attack stored a 150,000-character tax_type).
          if (fault === "long-fields") item.tax_type = "부가가치세 일반과세자".repeat(15_000);
          return item;
        });
        json(response, 200, { request_cnt: numbers.length, match_cnt: numbers.length, status_code: "OK", data });
      });
      return;
    }
    if (request.method === "GET" && url.pathname === "/ftc/getMllBsBiznoInfo_2") {
      const number = url.searchParams.get("brno") ?? "";
      state.calls.push({ service: "ftc", numbers: [number], key });
      if (misbehave(state.fault.ftc, response)) return;
      const answer = ftc.get(number);
      if (!answer && state.unknown === "fail") return json(response, 503, { resultCode: "99" });
      const fault = state.fault.ftc;
      const envelope = { resultCode: "00", resultMsg: "NORMAL SERVICE", numOfRows: "10", pageNo: "1" };
      if (!answer?.found) return json(response, 200, { ...envelope, totalCount: 0, items: [] });
      const item: Record<string, unknown> = ftcItem(fault === "other-number" ? "1234567891" : number, answer);
      if (fault === "missing-fields") delete item.operSttusCdNm;
      if (fault === "extra-fields") item.newField = "새 필드";
      if (fault === "long-fields") item.ntslPrdlstCn = "종합몰 ".repeat(50_000);
      return json(response, 200, { ...envelope, totalCount: 1, items: fault === "items-object" ? item : [item] });
    }
    if (other) return other(request, response);
    json(response, 404, { code: -404 });
  });
  await new Promise<void>((resolve) => server.listen(fixedPort, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    port,
    ntsUrl: `${origin}/nts`,
    ftcUrl: `${origin}/ftc`,
    allowHost: `127.0.0.1:${port}`,
    setNts: (number, answer) => nts.set(number, answer),
    setFtc: (number, answer) => ftc.set(number, answer),
    get fault() {
      return state.fault;
    },
    get unknown() {
      return state.unknown;
    },
    set unknown(value) {
      state.unknown = value;
    },
    get calls() {
      return state.calls;
    },
    reset: () => {
      nts.clear();
      ftc.clear();
      state.fault = { nts: null, ftc: null };
      state.unknown = "answer";
      state.calls.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The registry jobs as a server runs them against these stand-ins, with the official records' follow-up of supplier
 * changes (docs/decisions/0051) that runs where they run: one JobRunner for a test to `runDue()`.
 */
export function registryJobs(
  registries: Pick<StandInRegistries, "ntsUrl" | "ftcUrl">,
  settings: Pick<OfficialRecordSettings, "key" | "now"> & Partial<OfficialRecordSettings>,
) {
  const runner = new JobRunner();
  registerRecordsFollowUp(runner);
  registerOfficialRecords(runner, {
    ntsUrl: registries.ntsUrl,
    ftcUrl: registries.ftcUrl,
    days: 7,
    ntsDailyLimit: 1_000,
    ftcDailyLimit: 10_000,
    // Long enough for a stand-in's answer on a loaded machine (a timeout pauses the service for the run, and the
    // calls after it are not made); the slow fault (`slowMs`) still outlasts it.
    timeoutMs: 3_000,
    ...settings,
  });
  return runner;
}
