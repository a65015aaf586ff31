#!/usr/bin/env python3
"""Writes Resources/sample/community.json: the sample users, posts and likes a new data
directory starts with (unless --no-sample).

Times are offsets, not dates: `ageMinutes` is how long before "now" a user joined, a post
was written or a like was given. The seeding code computes `now - ageMinutes`, so a data
directory created on any day shows recent posts. The output is deterministic (fixed seed).

Sample accounts have no credentials: nobody can sign in as them. Their emails use the
reserved `.invalid` domain.

Usage: scripts/make-sample-community.py [OUTPUT]   (default Resources/sample/community.json)
"""
import json
import os
import random
import sys
import unicodedata

# GeoNames ids of catalog places the posts mention.
SEOUL, BUSAN, INCHEON, TOKYO = "1835848", "1838524", "1843564", "1850147"
PARIS, NYC, LONDON, JEJU = "2988507", "5128581", "2643743", "1846266"

MINUTE, HOUR, DAY = 1, 60, 24 * 60

USERS = [
    # id suffix, display name, username, bio, followers, following, joined (days ago)
    ("seoyeon", "김서연", "seoyeon", "서울에서 커피와 산책을 좋아해요 ☕️🌳", 128, 87, 60),
    ("minjun", "박민준", "minjun_park", "부산 바다 사진 찍는 사람 📷🌊", 342, 120, 58),
    ("jiwoo", "이지우", "jiwoo", "Jeju, hiking and tangerines 🍊", 76, 64, 55),
    ("haneul", "최하늘", "haneul_0", "인천 살아요 ✈️ 공항 가는 길이 제일 설레요", 51, 93, 50),
    ("emma", "Emma Laurent", "emma_paris", "Paris-born, Seoul-based. Professional bread critic 🥐", 210, 180, 52),
    ("kenji", "Kenji Sato", "kenji_tokyo", "Trains, ramen and long walks in Tokyo 🚃🍜", 95, 110, 45),
    ("olivia", "Olivia Chen", "livchen", "NYC ⇄ London. Maps nerd. Will talk about projections 🗺️", 160, 140, 40),
]

# author, caption, age, placeID (or None)
POSTS = [
    ("seoyeon", "광화문 앞 은행나무가 완전히 노랗게 물들었어요 🍂 오늘 점심은 밖에서!", 35 * MINUTE, SEOUL),
    ("minjun", "해운대 새벽 바다. 아무도 없어서 파도 소리만 들린다 🌊", 2 * HOUR, BUSAN),
    ("emma", "Found a bakery in Seoul that makes a proper baguette. I am not crying, you are crying 🥖", 3 * HOUR + 10, SEOUL),
    ("kenji", "Yamanote line at 6am is a different city. Quiet, golden, half asleep.", 5 * HOUR, TOKYO),
    ("olivia", "Hot take: the Mercator projection is fine for navigation and terrible for everything else.", 7 * HOUR, None),
    ("jiwoo", "한라산 윗세오름까지 다녀왔어요 ⛰️ 바람이 엄청 불었지만 구름 위를 걷는 기분!", 9 * HOUR, JEJU),
    ("haneul", "공항철도 타고 서울역까지 43분. 창밖으로 보이는 바다가 좋아요", 11 * HOUR, INCHEON),
    ("seoyeon", "오늘의 발견: 성수동 골목 안 작은 책방 📚", 14 * HOUR, SEOUL),
    ("emma", "Paris in November: grey sky, warm café, a croissant that shatters when you look at it. 10/10.", 20 * HOUR, PARIS),
    ("minjun", "광안대교 야경 찍으려고 삼각대 들고 나왔는데 배터리를 두고 왔다... 🔋😭", 1 * DAY + 2 * HOUR, BUSAN),
    ("kenji", "Tried a tiny ramen counter in Shimokitazawa. Eight seats. The chef nodded at me once and I felt knighted. 🍜", 1 * DAY + 6 * HOUR, TOKYO),
    ("olivia", "Central Park in the rain is underrated ☔️", 1 * DAY + 9 * HOUR, NYC),
    ("jiwoo", "귤 따기 체험 🍊🍊🍊 손이 노랗게 될 때까지 먹었어요", 1 * DAY + 15 * HOUR, JEJU),
    ("haneul", "비행기 보면서 커피 마시기 좋은 자리 찾았다 ✈️☕️", 2 * DAY, INCHEON),
    ("seoyeon", "한강에서 자전거 타다가 노을 만났어요 🌇\n오늘 하루도 수고했어요", 2 * DAY + 5 * HOUR, SEOUL),
    ("emma", "Learning Korean update: I can now order 아이스 아메리카노 without pointing. Progress!", 2 * DAY + 11 * HOUR, None),
    ("olivia", "London bus top deck, front seat. Still the best cheap tour in the world 🚌", 3 * DAY, LONDON),
    ("kenji", "Shinkansen bento ranking thread. 1: eel. 2: also eel. 3: the one with the tiny fish that stared at me.", 3 * DAY + 4 * HOUR, TOKYO),
    ("minjun", "감천문화마을 계단 세다가 포기함. 다리가 말을 안 들어요 🦵", 3 * DAY + 20 * HOUR, BUSAN),
    ("jiwoo", "Sunrise at Seongsan Ilchulbong. Worth the 5am alarm. Barely. 🌅", 4 * DAY + 3 * HOUR, JEJU),
    ("seoyeon", "비 오는 날엔 역시 칼국수 🍲", 4 * DAY + 12 * HOUR, None),
    ("haneul", "차이나타운 짜장면 먹고 월미도까지 걸었어요. 바닷바람 최고 🌬️", 5 * DAY, INCHEON),
    ("emma", "Things Paris and Seoul share: people queue for bread at 7am and nobody thinks it is strange.", 5 * DAY + 8 * HOUR, PARIS),
    ("olivia", "A map is a set of decisions about what to leave out. I think about this every time I open a subway map. The Tokyo one leaves out almost nothing and somehow still works. The London one leaves out geography itself and is beautiful anyway. 🗺️", 6 * DAY, None),
    ("kenji", "Cherry blossom season is months away and I am already planning routes. Is that a problem? Don't answer.", 6 * DAY + 14 * HOUR, TOKYO),
    ("minjun", "자갈치시장 아주머니가 덤으로 주신 고등어 🐟 오늘 저녁은 구이다", 7 * DAY + 2 * HOUR, BUSAN),
    ("jiwoo", "올레길 7코스 완주! 🥾 다음엔 10코스 도전", 7 * DAY + 18 * HOUR, JEJU),
    ("seoyeon", "북촌 한옥마을은 아침 일찍 가야 조용해요. 관광객 몰리기 전에 사진 몇 장 📸", 8 * DAY + 6 * HOUR, SEOUL),
    ("haneul", "첫 해외여행 준비 중! 도쿄 갈 사람? 🙋", 9 * DAY, None),
    ("kenji", "@haneul_0 Tokyo tip: get a Suica card on day one and never think about tickets again 🚃", 8 * DAY + 22 * HOUR, TOKYO),
    ("emma", "Sunday market haul: chestnuts, persimmons, and a very judgmental cat who followed me home 🐈", 9 * DAY + 10 * HOUR, None),
    ("olivia", "NYC bagel vs London beigel. I contain multitudes. 🥯", 10 * DAY + 3 * HOUR, NYC),
    ("minjun", "태종대 등대까지 산책. 절벽 아래 파도가 무섭게 예뻐요", 10 * DAY + 20 * HOUR, BUSAN),
    ("jiwoo", "Rainy day in Jeju = museum day. The haenyeo museum is wonderful, go if you can.", 11 * DAY + 7 * HOUR, JEJU),
    ("seoyeon", "퇴근길 지하철에서 이 책 다 읽었어요. 마지막 장에서 울 뻔 😢", 12 * DAY, None),
    ("kenji", "Tsukiji outer market breakfast. Tamagoyaki on a stick is a perfect food.", 12 * DAY + 16 * HOUR, TOKYO),
    ("haneul", "송도 센트럴파크 수상택시 타봤어요 🚤 생각보다 재밌음", 13 * DAY + 5 * HOUR, INCHEON),
    ("emma", "Le Marais on a Tuesday evening, everyone pretending not to be a tourist, including me.", 14 * DAY, PARIS),
    ("olivia", "Thames path walk, Tower Bridge to Greenwich. 10 km, 3 pubs, 0 regrets 🍺", 14 * DAY + 19 * HOUR, LONDON),
    ("minjun", "부산 불꽃축제 명당은 비밀입니다 🎆🤫", 15 * DAY + 8 * HOUR, BUSAN),
    ("jiwoo", "협재 해변 물색이 진짜 에메랄드예요 💚 사진이 실물을 못 담아요", 16 * DAY + 2 * HOUR, JEJU),
    ("seoyeon", "남산타워 올라가는 길에 만난 고양이 🐈 서울의 진짜 주인", 17 * DAY, SEOUL),
    ("kenji", "Shibuya crossing from above looks like a very polite ant colony.", 18 * DAY + 4 * HOUR, TOKYO),
    ("haneul", "인천대공원 단풍 🍁 주말에 또 가야지", 19 * DAY + 12 * HOUR, INCHEON),
    ("emma", "Moved to Seoul six weeks ago. Things I miss: cheese. Things I don't: nothing else, honestly. 💛", 21 * DAY, SEOUL),
    ("olivia", "Brooklyn Bridge at sunrise before the crowds. Cold fingers, warm heart. 🌉", 22 * DAY + 6 * HOUR, NYC),
    ("minjun", "사진전 준비 중 📷 주제는 '부산의 새벽'", 23 * DAY + 15 * HOUR, BUSAN),
    ("jiwoo", "Ferry from Jeju to the mainland: slow travel is still travel ⛴️", 25 * DAY, JEJU),
    ("seoyeon", "첫 글! 서울 구석구석 좋은 곳 기록해볼게요 ✍️", 27 * DAY + 3 * HOUR, SEOUL),
    ("kenji", "First post. Mostly trains. You have been warned. 🚄", 28 * DAY + 9 * HOUR, TOKYO),
    ("olivia", "Hello from a very windy London. Setting up my little corner here 👋", 30 * DAY, LONDON),
    ("haneul", "안녕하세요! 인천에서 여행 기록 남기려고 가입했어요 🛫", 31 * DAY + 4 * HOUR, INCHEON),
    ("emma", "Bonjour / 안녕하세요 / hello. Bread reviews incoming. 🥐", 33 * DAY, None),
    ("minjun", "부산 사람입니다. 바다 사진 많이 올릴 예정 🌊", 34 * DAY + 18 * HOUR, BUSAN),
    ("jiwoo", "제주에서 왔어요 🍊 귤 얘기 많이 할 거예요", 36 * DAY, JEJU),
]

REFERENCE_DATE = "2026-11-29T00:00:00Z"  # when the offsets were written; informational


def graphemes_at_most(text, limit):
    # Python counts code points; every grapheme has at least one, so this is a safe bound.
    return len(text) <= limit


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "Resources", "sample", "community.json")
    rng = random.Random(20261129)
    joined = {}
    users = []
    for key, name, username, bio, followers, following, days in USERS:
        uid = "sample-" + key
        joined[key] = days * DAY
        users.append({
            "id": uid,
            "email": f"{username}@sample.tern.invalid",
            "displayName": name,
            "username": username,
            "bio": bio,
            "avatarPath": "",
            "followersCount": followers,
            "followingCount": following,
            "ageMinutes": days * DAY,
            "isUserOnboarded": True,
        })
        assert graphemes_at_most(bio, 160) and 3 <= len(username) <= 15

    posts = []
    likes = []
    keys = [u[0] for u in USERS]
    ordered = sorted(POSTS, key=lambda p: p[2])
    for index, (author, caption, age, place) in enumerate(ordered, start=1):
        caption = unicodedata.normalize("NFC", caption)
        assert graphemes_at_most(caption, 280), caption
        assert age < joined[author], (author, caption)
        tweet_id = f"sample-{index:03d}"
        # Older posts have had more time to collect hearts.
        chance = 0.12 + min(age / (20 * DAY), 1.0) * 0.25
        likers = [k for k in keys if k != author and rng.random() < chance]
        for liker in likers:
            likes.append({
                "uid": "sample-" + liker,
                "tweetId": tweet_id,
                "ageMinutes": rng.randint(0, age),
            })
        post = {"id": tweet_id, "uid": "sample-" + author, "caption": caption,
                "ageMinutes": age, "likes": len(likers)}
        if place:
            post["placeID"] = place
        posts.append(post)

    assert 40 <= len(posts) <= 80
    data = {
        "format": "tern-sample-community",
        "version": 1,
        "referenceDate": REFERENCE_DATE,
        "users": users,
        "posts": posts,
        "likes": likes,
    }
    with open(out, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"{out}: {len(users)} users, {len(posts)} posts, {len(likes)} likes")


if __name__ == "__main__":
    main()
