/** What a card on /list shows (both legacy shapes' address fields; the pages use whichever is filled). */
export type WholesalerCard = {
  id: number;
  name: string;
  summary: string;
  category: string;
  siteUrl: string;
  website: string;
  logoUrl: string;
  image: string;
  views: number;
};

export type WholesalerDetail = WholesalerCard & {
  contact: string;
  delivery: string;
  purchase: string;
  international: string;
  createdAt: Date;
  updatedAt: Date;
};
