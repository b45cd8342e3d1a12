import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import { toast } from "#app/components/browser-messages.ts";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { DELETE_CONFIRMED } from "#app/lib/confirm-before-delete.ts";
import type { FormFailure } from "#app/lib/form-kit.ts";

/** One fetcher shared by every delete button of a page, so its answer outlives the removed card. */
const DELETE_FETCHER = "delete-product";

/**
 * The 삭제 button of a card. With JavaScript it asks first and deletes through a fetcher (with `confirm=1`);
 * without JavaScript it is a plain form post to the page, which the server answers with its confirmation step
 * (lib/confirm-before-delete.ts; the server checks the same rules either way).
 */
export function DeleteProductButton({ productId, className = "" }: { productId: number; className?: string }) {
  const fetcher = useFetcher<FormFailure>({ key: DELETE_FETCHER });
  const hydrated = useHydrated();
  const [asking, setAsking] = useState(false);

  return (
    <>
      <Form
        method="post"
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          setAsking(true);
        }}
      >
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="productId" value={productId} />
        <button type="submit" className={className}>
          삭제
        </button>
      </Form>
      {asking ? (
        <ConfirmDialog
          message="정말 삭제하시겠습니까?"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            fetcher.submit(
              { intent: "delete", productId: String(productId), ...DELETE_CONFIRMED },
              { method: "post", preventScrollReset: true },
            );
          }}
        />
      ) : null}
    </>
  );
}

/**
 * For the page that lists the cards: shows a refusal and tells which card is on its way out (hidden at once,
 * before the list reloads). A delete that worked redirects back to the list, whose one-time message says so.
 */
export function useProductDeletion() {
  const fetcher = useFetcher<FormFailure>({ key: DELETE_FETCHER });
  useEffect(() => {
    if (fetcher.data && !fetcher.data.ok) toast.error(fetcher.data.message);
  }, [fetcher.data]);
  const pending = fetcher.state !== "idle" ? Number(fetcher.formData?.get("productId")) : null;
  return { deletingId: pending };
}
