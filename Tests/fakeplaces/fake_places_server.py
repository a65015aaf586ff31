#!/usr/bin/env python3
"""A fake Kakao Local and OpenStreetMap Nominatim on 127.0.0.1 for Tern's tests.

Prints "PORT <n>" once listening. Kakao answers keyword.json and category.json from a
small set of Seoul places (paging, string and number coordinates, empty fields) to the
key given with --kakao-key; Nominatim answers /search. Some queries act out failures:
"quota" (Kakao's {"code": -10} on HTTP 400), "malformed" (HTML), "truncated" (cut JSON),
"huge" (5 MB), "slow" (waits --slow-seconds). --delay-ms delays every answer. GET
/_requests lists the requests so far (path, query, headers, without the key), DELETE
/_requests forgets them.
"""
import argparse
import json
import math
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

GANGNAM = (37.4979, 127.0276)


def kakao_place(pid, name, category, code, lat, lon, phone="", road="", numbers=False):
    group = {"CE7": "카페", "FD6": "음식점", "SW8": "지하철역", "CS2": "편의점", "": ""}[code]
    return {
        "id": str(pid), "place_name": name, "category_name": category,
        "category_group_code": code, "category_group_name": group, "phone": phone,
        "address_name": "서울 " + ("강남구 역삼동 8" if lat < 37.53 else "중구 을지로동 1") + str(pid % 100),
        "road_address_name": road,
        # Kakao sends strings; a few places carry numbers, which Tern must accept too.
        "x": lon if numbers else str(lon), "y": lat if numbers else str(lat),
        "place_url": "http://place.map.kakao.com/%d" % pid,
    }


PLACES = [kakao_place(26338954 + i, "스타벅스 강남%s점" % ("역" if i == 0 else str(i)),
                      "음식점 > 카페 > 커피전문점 > 스타벅스", "CE7",
                      GANGNAM[0] + 0.0009 * i, GANGNAM[1] + 0.0007 * i, "1522-3232",
                      "서울 강남구 강남대로 %d" % (390 + i), numbers=(i % 5 == 4))
          for i in range(20)]
PLACES += [
    kakao_place(21160811, "강남역 2호선", "교통,수송 > 지하철,전철 > 수도권2호선", "SW8", 37.49796, 127.02763, "02-6110-2221"),
    kakao_place(8105891, "을지로 커피한약방", "음식점 > 카페", "CE7", 37.56641, 126.99008, "", "서울 중구 삼일대로12길 16-6"),
    kakao_place(1797467432, "을지로 노가리골목", "음식점 > 술집 > 호프,요리주점", "FD6", 37.56630, 126.99170),
    kakao_place(27560699, "을지로 빈 상점", "", "", 37.56500, 126.98900),
]

NOMINATIM = [
    {"place_id": 1, "osm_type": "node", "osm_id": 2475883498, "lat": "48.8582603", "lon": "2.2944990",
     "category": "tourism", "type": "attraction", "name": "Tour Eiffel",
     "display_name": "Tour Eiffel, 5, Avenue Anatole France, Paris, Île-de-France, 75007, France"},
    {"place_id": 2, "osm_type": "way", "osm_id": 5013364, "lat": "48.85837", "lon": "2.29448",
     "category": "man_made", "type": "tower", "name": "",
     "display_name": "Eiffel Tower Area, Paris, France"},
    {"place_id": 3, "osm_type": "relation", "osm_id": 7444, "lat": 48.8588897, "lon": 2.320041,
     "category": "boundary", "type": "administrative", "name": "Paris",
     "display_name": "Paris, Île-de-France, France métropolitaine, France"},
    {"place_id": 4, "osm_type": "node", "osm_id": 4444, "lat": "37.5666", "lon": "126.9900",
     "category": "amenity", "type": "cafe", "name": "을지로 다방",
     "display_name": "을지로 다방, 을지로, 중구, 서울, 대한민국"},
]


def distance(lat1, lon1, lat2, lon2):
    r = 6371008.8
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * r * math.asin(math.sqrt(a))


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="application/json;charset=UTF-8"):
        data = body if isinstance(body, bytes) else json.dumps(body, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        try:
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_DELETE(self):
        with self.server.lock:
            self.server.requests.clear()
        self.send(200, {"ok": True})

    def do_GET(self):
        url = urlparse(self.path)
        params = {k: v[0] for k, v in parse_qs(url.query).items()}
        if url.path == "/_requests":
            with self.server.lock:
                self.send(200, list(self.server.requests))
            return
        auth = self.headers.get("Authorization", "")
        with self.server.lock:
            self.server.requests.append({
                "path": url.path, "params": params,
                "hasKey": auth == "KakaoAK " + self.server.kakao_key,
                "userAgent": self.headers.get("User-Agent", "")})
        if self.server.delay:
            time.sleep(self.server.delay)
        query = params.get("query", params.get("q", ""))
        if query == "slow":
            time.sleep(self.server.slow)
        if query == "malformed":
            return self.send(200 if url.path == "/search" else 502, b"<html><body>Bad gateway</body></html>", "text/html")
        if query == "truncated":
            return self.send(200, b'{"meta": {"total_count": 3}, "documents": [{"id": "1", "place_')
        if query == "huge":
            return self.send(200, b'{"documents": [' + b'{"id": "1"},' * 500000 + b'{"id": "2"}]}')
        if url.path.startswith("/v2/local/search/"):
            return self.kakao(url.path, params, auth)
        if url.path == "/search":
            return self.nominatim(params)
        self.send(404, {"error": "not found"})

    def kakao(self, path, params, auth):
        if auth != "KakaoAK " + self.server.kakao_key:
            return self.send(401, {"errorType": "AccessDeniedError",
                                   "message": "cannot find appKey from request(appKey=%s)" % auth[8:]})
        query = params.get("query", "")
        if query == "quota":
            return self.send(400, {"code": -10, "msg": "API limit has been exceeded."})
        code = params.get("category_group_code", "")
        if path.endswith("/category.json"):
            if not code or "x" not in params:
                return self.send(400, {"code": -2, "msg": "category_group_code and x, y, radius are required"})
            hits = [p for p in PLACES if p["category_group_code"] == code]
        elif path.endswith("/keyword.json"):
            words = query.split()
            hits = [p for p in PLACES if all(w in p["place_name"] + " " + p["category_name"] for w in words)]
            if code:
                hits = [p for p in hits if p["category_group_code"] == code]
        else:
            return self.send(404, {"code": -1, "msg": "no such API"})
        hits = [dict(p) for p in hits]
        if "x" in params and "y" in params:
            x, y = float(params["x"]), float(params["y"])
            for p in hits:
                p["distance"] = str(int(distance(y, x, float(p["y"]), float(p["x"]))))
            if "radius" in params:
                hits = [p for p in hits if int(p["distance"]) <= int(params["radius"])]
            hits.sort(key=lambda p: int(p["distance"]))
        page, size = int(params.get("page", 1)), int(params.get("size", 15))
        shown = hits[(page - 1) * size:page * size]
        self.send(200, {"meta": {"total_count": len(hits), "pageable_count": len(hits),
                                 "is_end": page * size >= len(hits), "same_name": None},
                        "documents": shown})

    def nominatim(self, params):
        if "Tern/" not in self.headers.get("User-Agent", ""):
            return self.send(403, b"<html>Access blocked: missing User-Agent</html>", "text/html")
        q = params.get("q", "").lower()
        if q == "quota":
            return self.send(429, {"error": {"code": 429, "message": "Too Many Requests"}})
        words = q.split()
        hits = [p for p in NOMINATIM if all(w in (p["name"] + " " + p["display_name"]).lower() for w in words)]
        self.send(200, hits[:int(params.get("limit", 10))])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--kakao-key", default="test-kakao-key")
    parser.add_argument("--delay-ms", type=int, default=0)
    parser.add_argument("--slow-seconds", type=float, default=3.0)
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    server.kakao_key = args.kakao_key
    server.delay = args.delay_ms / 1000
    server.slow = args.slow_seconds
    server.requests = []
    server.lock = threading.Lock()
    print("PORT %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
