# Create your models here.
