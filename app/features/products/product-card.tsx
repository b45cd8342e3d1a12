import { Form, Link } from "react-router";
import { formatWon } from "#app/lib/format.ts";
import type { ImageView } from "#app/lib/images.ts";
import { safeHttpUrl } from "#app/lib/safe-url.ts";
import { DeleteProductButton } from "./delete-product-button.tsx";
import { ProductImage } from "./product-image.tsx";

export type ProductCardView = {
  id: number;
  name: string;
  /** Our copy of the picture, when it is ready (platform/images). */
  image: ImageView | null;
  summary: string;
  price: number | null;
  siteUrl: string;
  canEdit: boolean;
  canDelete: boolean;
  /** The listing the product is tied to (공급사 인증), named and linked on the card; null when none. */
  supplier?: { id: number; name: string } | null;
};

export type ExternalProductCardView = { id: number; title: string; productUrl: string; image: ImageView | null; price: string };

const outside = { target: "_blank", rel: "noopener noreferrer" } as const;
const cardClass = "deferred-card [--card-height:24rem] flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm";

/** A product a wholesaler user registered: picture, name (a link to its page), summary, price; the owner's controls. */
export function ProductCard({ product, eager = false }: { product: ProductCardView; eager?: boolean }) {
  return (
    <article className={cardClass}>
      <ProductImage image={product.image} eager={eager} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        {/* The name leads to the product's own page (/product/{id}), which links the seller's page in turn. */}
        <h3 className="line-clamp-2 font-semibold text-slate-900">
          <Link to={`/product/${product.id}`} className="hover:text-blue-700 hover:underline">
            {product.name}
          </Link>
        </h3>
        {product.supplier ? (
          <p className="text-sm">
            <Link to={`/wholesaler/${product.supplier.id}`} className="font-medium text-blue-700 hover:underline">
              {product.supplier.name}
            </Link>
          </p>
        ) : null}
        {product.summary ? <p className="line-clamp-3 whitespace-pre-line text-sm text-slate-600">{product.summary}</p> : null}
        <p className="mt-auto font-bold text-rose-600">{product.price === null ? "가격 문의" : formatWon(product.price)}</p>
        <ProductControls id={product.id} canEdit={product.canEdit} canDelete={product.canDelete} />
      </div>
    </article>
  );
}

/** The owner's `수정` and the owner's or an admin's `삭제` (ADR 0009; the server checks again), on a card or a product's page. */
export function ProductControls({ id, canEdit, canDelete }: { id: number; canEdit: boolean; canDelete: boolean }) {
  if (!canEdit && !canDelete) return null;
  return (
    <div className="flex gap-2 border-t border-slate-100 pt-3">
      {canEdit ? (
        // A button, as ui-contract.md names the card's controls; a GET form to the edit page works without JavaScript.
        <Form method="get" action={`/edit/${id}`}>
          <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
            수정
          </button>
        </Form>
      ) : null}
      {canDelete ? (
        <DeleteProductButton
          productId={id}
          className="rounded-md border border-rose-200 px-3 py-1.5 text-sm font-medium text-rose-700 hover:bg-rose-50"
        />
      ) : null}
    </div>
  );
}

/** A curated popular product on another site: the whole card opens it in a new tab. */
export function ExternalProductCard({ product, eager = false }: { product: ExternalProductCardView; eager?: boolean }) {
  const link = safeHttpUrl(product.productUrl);
  const body = (
    <>
      <ProductImage image={product.image} eager={eager} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 font-semibold text-slate-900">{product.title}</h3>
        {product.price ? <p className="mt-auto font-bold text-rose-600">{product.price}</p> : null}
      </div>
    </>
  );
  return (
    <article className={cardClass}>
      {link ? (
        <a href={link} {...outside} className="flex flex-1 flex-col hover:bg-slate-50">
          {body}
        </a>
      ) : (
        body
      )}
    </article>
  );
}

export const gridClass = "grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4";
