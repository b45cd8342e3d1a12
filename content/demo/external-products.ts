import type { DemoExternalProduct } from "./demo-types.ts";

// Each link is a Naver shopping search, not one product: no price is shown, since a search page has no one price
// and any figure here would go stale.
export const demoExternalProducts: DemoExternalProduct[] = [
  {
    title: "무선 이어폰",
    productUrl: "https://search.shopping.naver.com/ns/search?query=%EB%AC%B4%EC%84%A0%20%EC%9D%B4%EC%96%B4%ED%8F%B0",
    price: "",
  },
  {
    title: "에어프라이어",
    productUrl: "https://search.shopping.naver.com/ns/search?query=%EC%97%90%EC%96%B4%ED%94%84%EB%9D%BC%EC%9D%B4%EC%96%B4",
    price: "",
  },
  {
    title: "캠핑 의자",
    productUrl: "https://search.shopping.naver.com/ns/search?query=%EC%BA%A0%ED%95%91%20%EC%9D%98%EC%9E%90",
    price: "",
  },
  {
    title: "텀블러",
    productUrl: "https://search.shopping.naver.com/ns/search?query=%ED%85%80%EB%B8%94%EB%9F%AC",
    price: "",
  },
  {
    title: "보조배터리",
    productUrl: "https://search.shopping.naver.com/ns/search?query=%EB%B3%B4%EC%A1%B0%EB%B0%B0%ED%84%B0%EB%A6%AC",
    price: "",
  },
  {
    title: "전기포트",
    productUrl: "https://search.shopping.naver.com/ns/search?query=%EC%A0%84%EA%B8%B0%ED%8F%AC%ED%8A%B8",
    price: "",
  },
  {
    title: "가습기",
    productUrl: "https://search.shopping.naver.com/ns/search?query=%EA%B0%80%EC%8A%B5%EA%B8%B0",
    price: "",
  },
  {
    title: "로봇청소기",
    productUrl: "https://search.shopping.naver.com/ns/search?query=%EB%A1%9C%EB%B4%87%EC%B2%AD%EC%86%8C%EA%B8%B0",
    price: "",
  },
  {
    title: "요가 매트",
    productUrl: "https://search.shopping.naver.com/ns/search?query=%EC%9A%94%EA%B0%80%20%EB%A7%A4%ED%8A%B8",
    price: "",
  },
  {
    title: "차량용 방향제",
    productUrl: "https://search.shopping.naver.com/ns/search?query=%EC%B0%A8%EB%9F%89%EC%9A%A9%20%EB%B0%A9%ED%96%A5%EC%A0%9C",
    price: "",
  },
  {
    title: "고양이 스크래쳐",
    productUrl: "https://search.shopping.naver.com/ns/search?query=%EA%B3%A0%EC%96%91%EC%9D%B4%20%EC%8A%A4%ED%81%AC%EB%9E%98%EC%B3%90",
    price: "",
  },
  {
    title: "강아지 간식",
    productUrl: "https://search.shopping.naver.com/ns/search?query=%EA%B0%95%EC%95%84%EC%A7%80%20%EA%B0%84%EC%8B%9D",
    price: "",
  },
  {
    title: "선크림",
    productUrl: "https://search.shopping.naver.com/ns/search?query=%EC%84%A0%ED%81%AC%EB%A6%BC",
    price: "",
  },
  {
    title: "러닝화",
    productUrl: "https://search.shopping.naver.com/ns/search?query=%EB%9F%AC%EB%8B%9D%ED%99%94",
    price: "",
  },
  {
    title: "제습기",
    productUrl: "https://search.shopping.naver.com/ns/search?query=%EC%A0%9C%EC%8A%B5%EA%B8%B0",
    price: "",
  },
  {
    title: "멀티탭",
    productUrl: "https://search.shopping.naver.com/ns/search?query=%EB%A9%80%ED%8B%B0%ED%83%AD",
    price: "",
  },
];
