import { Link } from "react-router";
import type { LegalPageData } from "./legal.server.ts";
import { koreanDate, LegalDocument, type LegalSection } from "./legal-document.tsx";

/** The terms of service (이용약관): what the service is, what members may do, and what the operator answers for. */
export function TermsOfService({ data }: { data: LegalPageData }) {
  const { siteName, operator, disclosure, legal } = data;

  const sections: LegalSection[] = [
    {
      id: "article-1",
      heading: "제1조 (목적)",
      body: <p>이 약관은 운영자가 제공하는 서비스의 이용 조건과 절차, 운영자와 회원의 권리·의무를 정합니다.</p>,
    },
    {
      id: "article-2",
      heading: "제2조 (용어)",
      body: (
        <ol>
          <li>
            “서비스”란 온라인 셀러가 도매처와 위탁 공급사를 찾고, 상품을 등록·검색하고, 판매에 필요한 정보를 얻을 수 있도록 운영자가
            제공하는 웹사이트를 말합니다.
          </li>
          <li>“이용자”란 서비스를 이용하는 모든 사람을 말합니다.</li>
          <li>“회원”이란 이메일 주소로 가입해 계정을 가진 이용자를 말합니다.</li>
          <li>“게시물”이란 회원이 서비스에 올린 상품 정보와 도매처 정보 수정 요청을 말합니다.</li>
        </ol>
      ),
    },
    {
      id: "article-3",
      heading: "제3조 (약관의 게시와 변경)",
      body: (
        <ol>
          <li>운영자는 이 약관을 서비스 화면 아래의 ‘이용약관’ 링크로 누구나 볼 수 있게 게시합니다.</li>
          <li>
            운영자는 관련 법령을 어기지 않는 범위에서 약관을 바꿀 수 있으며, 바꿀 때는 시행일 7일 전부터 그 내용과 이유를 서비스에 알립니다.
            회원에게 불리한 변경은 30일 전부터 알립니다.
          </li>
          <li>바뀐 약관에 동의하지 않는 회원은 언제든지 탈퇴할 수 있습니다.</li>
        </ol>
      ),
    },
    {
      id: "article-4",
      heading: "제4조 (회원 가입)",
      body: (
        <ol>
          <li>
            이용자는 이메일 주소와 비밀번호를 입력해 회원으로 가입할 수 있으며, 가입하면 이 약관에 동의한 것으로 봅니다. 회원의 개인정보는
            개인정보처리방침에 따라 처리합니다.
          </li>
          <li>만 14세 미만은 회원으로 가입할 수 없습니다.</li>
          <li>
            다른 사람의 이메일 주소로 가입해서는 안 되며, 비밀번호는 회원이 직접 관리해야 합니다. 계정이 도용된 것을 알게 되면 바로
            비밀번호를 바꾸고 운영자에게 알려 주세요.
          </li>
        </ol>
      ),
    },
    {
      id: "article-5",
      heading: "제5조 (회원 탈퇴)",
      body: (
        <ol>
          <li>
            회원은 언제든지{" "}
            <Link to="/account" className="text-blue-700 underline">
              내 계정
            </Link>
            에서 ‘회원 탈퇴’를 눌러 탈퇴할 수 있습니다.
          </li>
          <li>
            탈퇴하면 계정과 로그인 세션, 등록한 상품, 찜 목록이 바로 삭제되며 되돌릴 수 없습니다. 보낸 정보 수정 요청은 보낸 사람을 알 수
            없게 한 뒤 남습니다.
          </li>
        </ol>
      ),
    },
    {
      id: "article-6",
      heading: "제6조 (서비스의 내용)",
      body: (
        <ol>
          <li>운영자는 도매처 목록과 검색, 상품 등록과 검색, 셀러 정보센터(가이드, 셀러 도구, 셀러 노트)를 제공합니다.</li>
          <li>서비스는 무료입니다. 운영자는 서비스 화면에 광고를 게재해 운영 비용을 마련합니다.</li>
        </ol>
      ),
    },
    {
      id: "article-7",
      heading: "제7조 (도매처 정보)",
      body: (
        <ol>
          <li>도매처 정보는 각 도매처가 공개한 자료를 바탕으로 운영자가 정리한 것으로, 도매처의 사정에 따라 달라질 수 있습니다.</li>
          <li>
            거래 조건, 가격, 배송과 반품 규정은 거래하기 전에 도매처에 직접 확인해 주세요. 틀린 정보를 발견하면 정보 수정 요청으로 알려
            주세요.
          </li>
          <li>운영자는 이용자와 도매처 사이의 거래에 참여하지 않으며, 그 거래의 당사자가 아닙니다.</li>
        </ol>
      ),
    },
    {
      id: "article-8",
      heading: "제8조 (게시물)",
      body: (
        <ol>
          <li>
            게시물의 내용과 그에 대한 책임은 게시물을 올린 회원에게 있으며, 저작권도 그 회원에게 있습니다. 운영자는 서비스에 게시하고
            검색되게 하는 데 필요한 범위에서만 게시물을 이용합니다.
          </li>
          <li>
            법령에 어긋나거나 다른 사람의 권리를 침해하는 게시물, 판매가 금지된 상품, 사실과 다른 정보, 같은 내용을 반복해 올린 게시물은
            운영자가 알리고 삭제할 수 있습니다. 급한 경우에는 먼저 삭제하고 나중에 알립니다.
          </li>
        </ol>
      ),
    },
    {
      id: "article-9",
      heading: "제9조 (금지 행위)",
      body: (
        <>
          <p>이용자는 다음 행위를 해서는 안 됩니다.</p>
          <ol>
            <li>다른 사람의 이메일 주소나 계정을 쓰는 행위</li>
            <li>자동화된 수단으로 서비스의 정보를 대량으로 수집하거나, 서비스에 과도한 요청을 보내 운영을 방해하는 행위</li>
            <li>서비스의 보안 장치를 우회하거나 허락받지 않은 기능에 접근하는 행위</li>
            <li>법령이나 이 약관을 어기는 상품과 정보를 올리는 행위</li>
          </ol>
          <p>운영자는 이러한 행위를 한 이용자의 서비스 이용을 제한하거나 계정을 삭제할 수 있습니다.</p>
        </>
      ),
    },
    {
      id: "article-10",
      heading: "제10조 (광고와 외부 링크)",
      body: (
        <ol>
          <li>{disclosure}</li>
          <li>
            광고나 도매처 링크를 눌러 이동한 외부 사이트에서의 거래와 개인정보 처리는 그 사이트와 이용자 사이의 일이며, 그 사이트의 약관과
            방침을 따릅니다.
          </li>
        </ol>
      ),
    },
    {
      id: "article-11",
      heading: "제11조 (서비스의 변경과 중단)",
      body: (
        <ol>
          <li>운영자는 서비스의 내용을 바꾸거나 점검을 위해 서비스를 잠시 멈출 수 있으며, 미리 알릴 수 있는 경우에는 서비스에 알립니다.</li>
          <li>
            서비스를 끝낼 때는 30일 전부터 알리고, 회원이 탈퇴하지 않았더라도 종료 후에는 개인정보처리방침에 따라 회원 정보를 파기합니다.
          </li>
        </ol>
      ),
    },
    {
      id: "article-12",
      heading: "제12조 (책임의 제한)",
      body: (
        <ol>
          <li>운영자는 천재지변, 통신 장애처럼 운영자가 막을 수 없는 사유로 서비스를 제공하지 못한 경우에는 책임을 지지 않습니다.</li>
          <li>
            운영자는 회원의 잘못으로 생긴 손해, 도매처 정보를 확인하지 않고 한 거래에서 생긴 손해에 대해서는 운영자에게 고의나 과실이 없는
            한 책임을 지지 않습니다.
          </li>
        </ol>
      ),
    },
    {
      id: "article-13",
      heading: "제13조 (분쟁 해결)",
      body: (
        <ol>
          <li>운영자는 이용자의 의견과 불만을 성실하게 듣고 처리합니다. 문의는 아래 이메일로 보내 주세요.</li>
          <li>이 약관은 대한민국 법률에 따르며, 서비스 이용과 관련한 분쟁의 관할 법원은 「민사소송법」에 따라 정합니다.</li>
        </ol>
      ),
    },
  ];

  return (
    <LegalDocument
      title="이용약관"
      intro={
        <p>
          「{siteName}」(이하 “서비스”)를 이용해 주셔서 감사합니다. 이 약관은 {operator.companyName}(이하 “운영자”)와 서비스 이용자 사이의
          약속입니다. 개인정보를 어떻게 처리하는지는{" "}
          <Link to="/privacy" className="text-blue-700 underline">
            개인정보처리방침
          </Link>
          에 따로 정합니다.
        </p>
      }
      sections={sections}
      footer={
        <>
          <p>
            부칙: 이 약관은 <time dateTime={legal.termsEffectiveDate}>{koreanDate(legal.termsEffectiveDate)}</time>부터 시행합니다.
          </p>
          <p className="mt-2">
            운영자: {operator.companyName} · 대표자: {operator.representative} · 주소: {operator.address} · 문의: {operator.email}
          </p>
        </>
      }
    />
  );
}
