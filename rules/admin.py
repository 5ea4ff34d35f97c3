# Register your models here.
