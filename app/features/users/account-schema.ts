import { z } from "zod";
import { singleLine } from "#app/lib/form-fields.ts";
import { credentialsSchema } from "./auth-schema.ts";

/** The forms of /forgot-password, /reset-password and /account: one schema each, for page and action. */

export const forgotPasswordSchema = z.object({ email: credentialsSchema.shape.email });

/** A new password follows the sign-up rule (8 to 128 characters, nothing else required). */
const newPassword = z
  .string({ error: "새 비밀번호를 입력해 주세요." })
  .min(1, "새 비밀번호를 입력해 주세요.")
  .min(8, "새 비밀번호는 8자 이상이어야 합니다.")
  .max(128, "새 비밀번호는 128자 이하여야 합니다.");

export const resetPasswordSchema = z.object({ newPassword });

export const DISPLAY_NAME_MAX = 30;

export const displayNameSchema = z.object({
  displayName: singleLine({ max: DISPLAY_NAME_MAX, tooLong: `표시 이름은 ${DISPLAY_NAME_MAX}자 이하로 입력해 주세요.` }),
});

/** An account 카카오 or 네이버 made without an e-mail adds one (the address as sign-up reads it). */
export const addEmailSchema = z.object({ email: credentialsSchema.shape.email });

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: "현재 비밀번호를 입력해 주세요." })
    .min(1, "현재 비밀번호를 입력해 주세요.")
    .max(128, "비밀번호는 128자 이하여야 합니다."),
  newPassword,
});

/** The account deletion is carried out only with this field, which the confirmation adds. */
export const DELETE_CONFIRM_FIELD = "confirm";
export const deleteAccountSchema = z.object({
  [DELETE_CONFIRM_FIELD]: z.literal("yes", { error: "탈퇴하려면 확인이 필요합니다. 아래 버튼으로 한 번 더 확인해 주세요." }),
});

export const ACCOUNT_INTENTS = [
  "display-name",
  "change-password",
  "delete-account",
  "send-verification",
  "alerts",
  "news-consent",
  "add-email",
  "link-provider",
] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export const DELETE_CONFIRM_MESSAGE = "정말 탈퇴하시겠습니까? 등록한 상품과 찜 목록이 삭제됩니다.";
export const LINK_EXPIRED = "링크가 만료되었거나 이미 사용되었습니다.";
/** /verify-email pressed in a browser that is not signed in as the link's account. */
export const VERIFY_SIGN_IN_FIRST = "이 계정으로 로그인한 브라우저에서만 확인할 수 있습니다. 로그인한 뒤 다시 눌러 주세요.";
export const RESET_REQUESTED = "입력한 주소로 가입된 계정이 있으면 재설정 안내 메일을 보냈습니다.";
