/**
 * Where the claim's meta tag goes in the shop builders most small wholesalers use (ui-contract.md "Every supplier can
 * prove it runs its listing"): one short step list each, under the contract's headings. Menu names change between a
 * builder's versions, so each list names the kind of screen to look for as well as its usual name; docs/operations.md
 * "Proofs of control" says what these lists rest on and lists the builders' pages they were checked against (고도몰's
 * SEO screen path is NHN커머스's own; no 메이크샵 or 아임웹 help page on this was found).
 */
export const BUILDER_STEPS: readonly { name: string; steps: readonly string[] }[] = [
  {
    name: "카페24",
    steps: [
      "쇼핑몰 관리자에 로그인한 뒤 ‘디자인’ 메뉴에서 쓰고 있는 디자인의 ‘디자인 편집’(스마트디자인 편집창)을 엽니다.",
      "메인 화면이 쓰는 공통 레이아웃 파일(보통 ‘기본 레이아웃’)을 엽니다.",
      "<head>와 </head> 사이, 다른 <meta> 태그 옆에 아래 태그를 붙여 넣고 저장합니다.",
    ],
  },
  {
    name: "고도몰",
    steps: [
      "쇼핑몰 관리자에서 ‘기본설정 > 기본정책 > 검색엔진 최적화(SEO) 설정’을 엽니다.",
      "메타 태그나 사이트 소유 확인 태그를 넣는 칸이 있으면 그곳에 아래 태그를 붙여 넣고 저장합니다.",
      "그런 칸이 없다면 ‘디자인’ 메뉴의 디자인 편집에서 공통 상단(헤더) 레이아웃의 <head> 안에 붙여 넣습니다.",
    ],
  },
  {
    name: "메이크샵",
    steps: [
      "관리자에서 ‘개별 디자인’(디자인 편집) 화면을 엽니다.",
      "쇼핑몰 공통 상단이나 메타 태그를 넣는 설정을 찾습니다.",
      "<head> 안에 들어가는 자리에 아래 태그를 붙여 넣고 저장합니다.",
    ],
  },
  {
    name: "아임웹",
    steps: [
      "사이트 관리자(환경 설정)의 SEO 설정을 엽니다.",
      "‘헤더 코드’(HEAD 안에 넣는 코드) 입력칸에 아래 태그를 붙여 넣습니다.",
      "저장한 뒤 사이트에 변경 사항을 반영(게시)합니다.",
    ],
  },
  {
    name: "직접 만든 사이트",
    steps: [
      "사이트 주소로 열리는 첫 페이지의 HTML 파일이나 공통 헤더 템플릿을 엽니다.",
      "<head>와 </head> 사이에 아래 태그를 넣습니다. <body> 안이나 주석 안에 넣으면 인정되지 않습니다.",
      "서버에 올린 뒤, 브라우저에서 ‘페이지 소스 보기’로 태그가 보이는지 확인합니다.",
    ],
  },
];
