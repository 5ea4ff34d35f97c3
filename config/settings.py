"""Bruchtal settings: one module, every deployment value read from the environment.

Without any environment the site runs on the embedded default: a SQLite file,
Celery tasks executed eagerly in-process and e-mail printed to the console.
"""

import importlib.util
from pathlib import Path

import environ
from django.utils.translation import gettext_lazy as _
from kombu import Queue

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env(
    DEBUG=(bool, False),
    ALLOWED_HOSTS=(list, ["127.0.0.1", "localhost", "testserver"]),
    CSRF_TRUSTED_ORIGINS=(list, []),
    SECURE_SSL_REDIRECT=(bool, False),
)

DEBUG = env("DEBUG")
# The fallback key is only good for the embedded default; production sets SECRET_KEY.
SECRET_KEY = env("SECRET_KEY", default="insecure-local-only-bruchtal-key-change-me")
ALLOWED_HOSTS = env("ALLOWED_HOSTS")
CSRF_TRUSTED_ORIGINS = env("CSRF_TRUSTED_ORIGINS")

# Content (rulebooks, card database) is imported from here at run time, never copied.
BRUCHTAL_CONTENT_DIR = Path(env("BRUCHTAL_CONTENT_DIR", default=str(BASE_DIR.parent / "shared")))

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "simple_history",
    "core",
    "cards",
    "rules",
    "decks",
    "matches",
]

# Games playable by post: one Django app each under matches/games/ (docs/games.md says how to add one).
BRUCHTAL_GAMES = [
    "matches.games.zwei_tuerme",
    "matches.games.wuerfeltisch",
    "matches.games.meccg",
]
INSTALLED_APPS += BRUCHTAL_GAMES

# The bench and load tooling (bench/: `manage.py bench`, `bench_load`, `bench_moves`) is a development app: installed
# where the development requirements are (requirements-dev.txt; aiosmtpd, its SMTP sink's server, marks them), so
# production, installed from requirements.txt, has neither the app nor its commands.
if importlib.util.find_spec("aiosmtpd") is not None:
    INSTALLED_APPS.append("bench")

MIDDLEWARE = [
    # First, so that oversized bodies and NUL bytes are refused before anything reads them.
    "core.middleware.RequestGuardMiddleware",
    # The embedded default has no beat: the first request starts beat's schedule in a thread (core/periodic.py).
    "core.periodic.PeriodicMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "core.middleware.PermissionsPolicyMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Before sessions: a cached answer or a 304 for an anonymous reader costs no database work.
    "core.content_cache.ContentCacheMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "core.middleware.ChosenLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A signed-in user's last request (at most one write a minute): mail is not sent to who is here.
    "core.activity.ActivityMiddleware",
    # Records who changed a tracked row (German card texts), also for admin edits.
    "simple_history.middleware.HistoryRequestMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

# psycopg prepares a statement after this many runs unless asked to at once: in effect never by itself.
PREPARE_ONLY_MARKED = 2**31 - 1
DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # IMMEDIATE takes the write lock at BEGIN, so concurrent writers wait
    # (busy timeout) instead of failing with "database is locked" mid-transaction.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
else:
    DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    # A database that accepts connections but never answers must not hang a request forever:
    # give up connecting after DB_CONNECT_TIMEOUT seconds, cancel any statement after DB_STATEMENT_TIMEOUT_MS.
    DATABASES["default"].setdefault("OPTIONS", {})
    DATABASES["default"]["OPTIONS"].setdefault("connect_timeout", env.int("DB_CONNECT_TIMEOUT", default=3))
    DATABASES["default"]["OPTIONS"].setdefault(
        "options",
        f"-c statement_timeout={env.int('DB_STATEMENT_TIMEOUT_MS', default=30000)}"
        f" -c lock_timeout={env.int('DB_LOCK_TIMEOUT_MS', default=10000)}",
    )
    # The few hot statements the code marks (core/raw_rows.run) are prepared once per connection; no other
    # statement is (Django's own cursors bind on the client). Off behind a transaction-mode pooler.
    DATABASES["default"]["OPTIONS"].setdefault(
        "prepare_threshold", PREPARE_ONLY_MARKED if env.bool("DB_PREPARED_STATEMENTS", default=True) else None
    )
IS_POSTGRES = DATABASES["default"]["ENGINE"].endswith("postgresql")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

AUTHENTICATION_BACKENDS = ["core.backends.UsernameOrEmailBackend"]
CSRF_FAILURE_VIEW = "core.errors.csrf_failure"
# A password-reset link stays valid for one day.
PASSWORD_RESET_TIMEOUT = 60 * 60 * 24

LOGIN_URL = "core:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "de"
LANGUAGES = [("de", _("Deutsch")), ("en", _("Englisch"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Berlin"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # Production runs collectstatic and sets STATIC_MANIFEST=true for hashed, compressed files.
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if env.bool("STATIC_MANIFEST", default=False)
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
# Files the site writes itself (mirrored card scans). Not served by WhiteNoise; cards.views.scan serves them.
MEDIA_ROOT = Path(env("MEDIA_ROOT", default=str(BASE_DIR / "media")))
MEDIA_URL = "/medien/"
# Real card scans: empty = only the generated card faces, no third-party request (the default, see cards/scans.py).
# E.g. https://cdn.jsdelivr.net/gh/council-of-rivendell/meccg-remaster/en-remaster (then /<set>/<image>).
CARD_SCAN_BASE_URL = env("CARD_SCAN_BASE_URL", default="")

# Operator details for the Impressum and the privacy page (§ 5 DDG); a clear placeholder shows until set.
SITE_OPERATOR_NAME = env("SITE_OPERATOR_NAME", default="")
SITE_OPERATOR_ADDRESS = env("SITE_OPERATOR_ADDRESS", default="")  # lines separated by "|"
SITE_OPERATOR_EMAIL = env("SITE_OPERATOR_EMAIL", default="")

# Tests and `make run` serve straight from the finders; production runs collectstatic.
WHITENOISE_USE_FINDERS = env.bool("WHITENOISE_USE_FINDERS", default=True)
WHITENOISE_AUTOREFRESH = DEBUG

# E-mail: console unless EMAIL_URL names a real backend (smtp://user:pass@host:587).
if env.str("EMAIL_URL", default=""):
    globals().update(env.email("EMAIL_URL"))
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Bruchtal <noreply@bruchtal.invalid>")

# The cache holds throttle counters and the per-content-version answers of the read endpoints.
# Embedded default: local memory (per process). CACHE_URL=redis://host:6379/N shares it between processes.
CACHE_URL = env("CACHE_URL", default="")
if CACHE_URL.startswith(("redis://", "rediss://")):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": "bruchtal",
            # A Redis that hangs must cost a request at most a second, never a worker.
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "bruchtal",
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    }

# How long an API answer of the read endpoints stays cached (it is keyed by the content version anyway).
CONTENT_CACHE_TTL = env.int("CONTENT_CACHE_TTL", default=600)

# Request size: bodies above this many bytes are refused with 413 before anything reads them.
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("DATA_UPLOAD_MAX_MEMORY_SIZE", default=1024 * 1024)
DATA_UPLOAD_MAX_NUMBER_FIELDS = env.int("DATA_UPLOAD_MAX_NUMBER_FIELDS", default=1000)

# Celery: without a broker, tasks run eagerly in-process (still after commit).
CELERY_BROKER_URL = env("CELERY_BROKER_URL", default="")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", default=None)
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Timeouts: a broker that is down or hangs costs a publish a few seconds, never the request
# (core.outbox records every task first and a failed publish is retried by the sweep).
CELERY_BROKER_CONNECTION_TIMEOUT = env.int("CELERY_BROKER_CONNECTION_TIMEOUT", default=2)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # A message whose worker was killed hard is handed out again after this many seconds
    # (kombu's default is an hour). Every task is idempotent, so a second run is harmless;
    # a task must finish well within it.
    "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=30),
    # Look for such abandoned messages every 5 s (kombu's default scans only every 100 s).
    "unacked_restore_interval": 5,
    "unacked_restore_throttle": 1,
    "socket_timeout": 2,
    "socket_connect_timeout": 2,
    "retry_on_timeout": False,
    "max_retries": 1,
}
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.5, "interval_max": 0.5}
CELERY_REDIS_SOCKET_TIMEOUT = 2
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 2
CELERY_BEAT_SCHEDULE = {
    # The outbox sweep hands the broker every task still pending (the broker was away at commit).
    "core-outbox-sweep": {"task": "core.tasks.sweep_outbox", "schedule": 30.0},
}
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
# Play-by-post: turn deadlines and the sweep that re-enqueues moves the broker did not take.
CELERY_BEAT_SCHEDULE |= {
    "matches-check-deadlines": {"task": "matches.tasks.check_deadlines", "schedule": 300.0},
    "matches-sweep-pending-moves": {"task": "matches.tasks.sweep_pending_moves", "schedule": 15.0},
    # Match pages (issue 20): hourly; each digest reader gets at most one mail a day.
    "matches-mail-digests": {"task": "matches.tasks.send_mail_digests", "schedule": 3600.0},
}
# Without a broker (the embedded default) there is no beat: a thread of the web process runs the schedule.
PERIODIC_IN_PROCESS = env.bool("PERIODIC_IN_PROCESS", default=CELERY_TASK_ALWAYS_EAGER)
# Queues by urgency: moves (and the computer's turns) on their own queue, served by their own workers
# (`celery worker -Q moves`); everything else (mail, notices, sweeps, deadlines) on the default queue
# (`celery worker -Q celery`), so no mail server can delay a move. config/celery.py routes by task name.
MOVES_QUEUE = env("MOVES_QUEUE", default="moves")
# Seconds an outbox delivery (mail) waits at most while moves are queued (core/tasks.yield_to_moves); 0: never.
MAIL_YIELDS_TO_MOVES = env.float("MAIL_YIELDS_TO_MOVES", default=10.0)
CELERY_TASK_DEFAULT_QUEUE = env("CELERY_DEFAULT_QUEUE", default="celery")
CELERY_TASK_ROUTES = ("config.celery.route_task",)
# A worker started without -Q consumes both (the old single-worker deployment keeps working, but then a
# hung mail server can delay moves again); production starts one with -Q moves and one with -Q celery.
CELERY_TASK_QUEUES = [Queue(CELERY_TASK_DEFAULT_QUEUE), Queue(MOVES_QUEUE)]
# Keep each worker's database connection across tasks (Celery's Django fixup closes it after every
# task unless this is set; it then closes it only every 2×N tasks). CONN_MAX_AGE and the health checks
# still retire a connection that is old or broken.
CELERY_DB_REUSE_MAX = env.int("CELERY_DB_REUSE_MAX", default=1000)
# /healthz: a moves worker counts as alive while its heartbeat (written every few seconds into the
# broker) is younger than this; a move pending longer than HEALTH_PENDING_MOVE_SECONDS means the
# moves workers do not keep up (or none runs).
HEALTH_WORKER_HEARTBEAT_SECONDS = env.int("HEALTH_WORKER_HEARTBEAT_SECONDS", default=30)
HEALTH_PENDING_MOVE_SECONDS = env.int("HEALTH_PENDING_MOVE_SECONDS", default=30)
# /healthz is answered by the ASGI server (uvicorn), beside the pages' event streams, never queued behind
# gunicorn's page requests; it then also checks that gunicorn accepts connections at this address.
HEALTH_WEB_ADDR = env("HEALTH_WEB_ADDR", default="")
# Live match pages (matches/live.py): "the match changed" travels over Redis pub/sub between the process
# that changed it (a worker) and the one streaming the page (the ASGI server); without Redis, in-process.
LIVE_REDIS_URL = env(
    "LIVE_REDIS_URL", default=CELERY_BROKER_URL if CELERY_BROKER_URL.startswith(("redis://", "rediss://")) else ""
)
# Serve the event stream from a WSGI server too. A stream holds its thread for minutes: fine for runserver's
# threads (the embedded default), never for gunicorn's sync workers (production serves it with the ASGI
# server; a WSGI server answers 204 and the page polls instead).
LIVE_STREAM_WSGI = env.bool("LIVE_STREAM_WSGI", default=CELERY_TASK_ALWAYS_EAGER)
# No turn or result mail to a player active on the site within this many minutes, one turn mail per absence,
# none once the turn has passed (0: these rules are off; the player on the match page and the mover stay
# unmailed anyway: matches/quiet.py).
MAIL_AWAY_MINUTES = env.int("MAIL_AWAY_MINUTES", default=15)
# Absolute links in e-mails (turn notices, digests, results): the site's public address, no trailing slash.
SITE_URL = env("SITE_URL", default="http://127.0.0.1:8000")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "core.tokens.ExpiringTokenAuthentication",
    ],
    # Anonymous writes and checks (deck check, sign-up-like POSTs) are rate limited per address;
    # the log-in endpoints have their own throttles (core.throttles) on failed attempts.
    "DEFAULT_THROTTLE_CLASSES": ["config.throttles.AnonWriteThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "anon_write": env("THROTTLE_ANON_WRITE", default="60/minute"),
        "login_account": env("THROTTLE_LOGIN_ACCOUNT", default="10/hour"),
        "login_address": env("THROTTLE_LOGIN_ADDRESS", default="30/hour"),
        # play by post, per user (and per match for posts): a flood of moves, posts or new matches
        # answers 429 with Retry-After (matches/throttles.py)
        "match_move": env("THROTTLE_MATCH_MOVE", default="120/minute"),
        "match_post": env("THROTTLE_MATCH_POST", default="20/minute"),
        "match_post_match": env("THROTTLE_MATCH_POST_MATCH", default="60/minute"),
        "match_create": env("THROTTLE_MATCH_CREATE", default="10/hour"),
        # decks: anonymous deck checks/import previews per IP, logged-in users per account (decks/throttles.py)
        "deck_check_anon": env("DECK_CHECK_RATE_ANON", default="30/min"),
        "deck_check_user": env("DECK_CHECK_RATE_USER", default="120/min"),
    },
    # Behind one reverse proxy: the client address is the last X-Forwarded-For entry it adds.
    "NUM_PROXIES": env.int("NUM_PROXIES", default=0),
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "config.pagination.Pagination",
    "PAGE_SIZE": 25,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "config.api_errors.exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Bruchtal API",
    "DESCRIPTION": "Regeln, Karten, Decks und Partien für Mittelerde- und Aventurien-Spiele.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Cards and decks both have an "alignment" choice set; name them apart in the schema.
    "ENUM_NAME_OVERRIDES": {
        "CardAlignmentEnum": "cards.models.Alignment",
        "DeckAlignmentEnum": "decks.models.DeckAlignment",
        # The MECCG score sheet and the keying calculator share the engine's alignment words.
        "SheetInAlignmentEnum": "matches.games.meccg.engine.scoring.ALIGNMENTS",
        "KindEnum": "rules.models.SectionKind",
    },
}

# Production hardening: on whenever DEBUG is off.
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_SSL_REDIRECT = env("SECURE_SSL_REDIRECT")
# Load balancers probe over plain HTTP and count a 3xx as healthy: the health endpoints answer as they are.
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^livez$"]
# HSTS whenever TLS is on (a year unless set); SecurityMiddleware sends it on HTTPS responses only.
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000 if SECURE_SSL_REDIRECT else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
SECURE_HSTS_PRELOAD = SECURE_HSTS_SECONDS > 0
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# API tokens expire after this many hours; a password change, log-out or "log out everywhere" revokes them.
API_TOKEN_TTL_HOURS = env.int("API_TOKEN_TTL_HOURS", default=24 * 14)

# Content-Security-Policy (django-csp): scripts and styles only from the site itself, no inline code.
# Violations are reported to the browser console (and the browser tests fail on them).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
# Browser features the site never uses are switched off for it and anything it might embed.
PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()"
)

# Outgoing mail must not hang a worker past the broker's visibility timeout.
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="WARNING")},
}
