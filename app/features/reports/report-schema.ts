import { z } from "zod";
import { multiLine } from "#app/lib/form-fields.ts";
import { REPORT_BODY_MAX, REPORT_REASONS, type ReportReason } from "./report-reasons.ts";

const reasonValues = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];

/** `/wholesaler/{id}/report`: the page and its action check the same schema. */
export const reportSchema = z.object({
  reason: z
    .preprocess((value) => value ?? "", z.enum(reasonValues, { error: "사유를 목록에서 골라 주세요." }))
    .meta({ hints: { required: true } }),
  body: multiLine({
    max: REPORT_BODY_MAX,
    required: "내용을 입력해 주세요.",
    tooLong: `내용은 ${REPORT_BODY_MAX.toLocaleString("ko-KR")}자 이하로 입력해 주세요.`,
  }),
});
export type ReportInput = z.infer<typeof reportSchema>;

export const REPORT_RECEIVED = "요청이 접수되었습니다. 확인 후 반영하겠습니다.";
