import Localization
import Testing

@testable import Domain

@Suite struct LocalizedErrorTests {
    @Test func errorsReadInThePersonsLanguage() {
        #expect(ServiceError.wrongCredentials.description == "Wrong email or password")
        #expect(
            ValidationError.postTooLong(count: 300).description == "Post must be at most 280 characters (it has 300)")
        #expect(
            FavoritesError.controlCharacter(field: .address).description
                == "Address must not contain control characters")
        Language.$scoped.withValue(.ko) {
            #expect(ServiceError.wrongCredentials.description == "이메일 또는 비밀번호가 틀렸습니다")
            #expect(ServiceError.usernameTaken("mina").description == "사용자 이름 @mina은(는) 이미 쓰이고 있습니다")
            #expect(ValidationError.postTooLong(count: 300).description == "글은 280자 이하여야 합니다 (지금 300자)")
            #expect(ValidationError.controlCharacter(field: .bio).description == "소개에 제어 문자를 쓸 수 없습니다")
            #expect(FavoritesError.controlCharacter(field: .folderName).description == "폴더 이름에 제어 문자를 쓸 수 없습니다")
            #expect(FavoritesError.controlCharacter(field: .memo).description == "메모에 제어 문자를 쓸 수 없습니다")
            #expect(
                ServiceError.otherStore(signedInOn: nil, here: "postgres://db/tern").description
                    == "postgres://db/tern이(가) 아니라 내장 저장소에 로그인되어 있습니다. tern logout 후 다시 로그인하세요")
        }
    }
}
