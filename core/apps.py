from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "core"
    verbose_name = _("Website")

    def ready(self):
        from django.db.models.signals import post_delete, post_save

        from . import tasks  # noqa: F401  registers the tasks that services send by name (core.queue)
        from .content_cache import on_content_saved

        # Cache invalidation only (no business rule): any change to cards or rules bumps the version.
        post_save.connect(on_content_saved, dispatch_uid="core-content-version-save")
        post_delete.connect(on_content_saved, dispatch_uid="core-content-version-delete")
